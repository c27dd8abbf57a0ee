import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { READ_ONLY_DURING_GRACE, restrictedDuringGrace } from "../../server/src/lifecycle/grace";
import { accountDeletionDueAt, graceEndsAt, unpaidCancelationDueAt } from "../../server/src/lifecycle/timeline";

/** The service's lifecycle (spec §4, §9; docs/api.md "Lifecycle"), the parts that are not SQL. */
describe("the lifecycle's timeline", () => {
  const at = (iso: string) => new Date(iso);

  it("cancels an unpaid subscription 7 days (past due) after its period ended", () => {
    expect(unpaidCancelationDueAt(at("2026-03-31T10:00:00.000Z"))).toEqual(at("2026-04-07T10:00:00.000Z"));
  });

  it("gives a canceled subscription 21 days of grace, then the account deletion falls due", () => {
    expect(graceEndsAt(at("2026-04-07T10:00:00.000Z"))).toEqual(at("2026-04-28T10:00:00.000Z"));
  });

  it("deletes an account 15 days after its deletion was asked for (Recover's window)", () => {
    expect(accountDeletionDueAt(at("2026-02-20T08:30:00.000Z"))).toEqual(at("2026-03-07T08:30:00.000Z"));
  });
});

describe("the grace period's read-only rule", () => {
  const request = (method: string, allowedDuringGrace?: boolean) =>
    ({ method, routeOptions: { config: { allowedDuringGrace } } }) as unknown as FastifyRequest;

  it("refuses in docs/api.md's words", () => {
    expect(READ_ONLY_DURING_GRACE).toBe(
      "Your subscription was canceled: your account is read-only until its grace period ends. Start a new subscription to make changes.",
    );
  });

  it("never refuses a read", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect(restrictedDuringGrace(request(method)), method).toBe(false);
  });

  it("refuses every other call unless its route allows it during grace", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(restrictedDuringGrace(request(method)), method).toBe(true);
      expect(restrictedDuringGrace(request(method, false)), method).toBe(true);
      expect(restrictedDuringGrace(request(method, true)), method).toBe(false);
    }
  });
});
