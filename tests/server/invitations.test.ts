/**
 * The public invitation endpoints (docs/api-resources.md "Invitations"): a guest reads a pending
 * invitation and accepts it, which activates the invited user and answers like a sign-in. Every
 * refusal leaves the data as it was.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Invitation, InvitationPublic, User } from "../../src/api/resources";
import type { LoginResponse } from "../../src/api/types";
import { verifyPassword } from "../../server/src/auth/passwords";
import { activityLog, users } from "../../server/src/db/schema";
import { LIMITS } from "../fixtures/contract";
import { createTestApp, getUser, login, type TestApp } from "./helpers";
import { tokens } from "./records";
import { call, expectRefused } from "./resourceHelpers";

const NOT_VALID = "This invitation is not valid any more.";

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await tokens(() => t.app)("admin");
});
afterAll(() => t.close());

let invited = 0;
async function invite(): Promise<Invitation> {
  invited += 1;
  const response = await call(t, adminToken, "POST", "/api/invitations", {
    email: `guest${invited}@example.com`,
    firstName: "Guest",
    lastName: `Number ${invited}`,
    role: "Manager",
  });
  expect(response.statusCode, response.body).toBe(201);
  const invitation = response.json<Invitation>();
  // Where its guest reads it.
  expect(response.headers.location).toBe(`/api/invitations/${invitation.code}`);
  return invitation;
}

const read = (code: string) => call(t, undefined, "GET", `/api/invitations/${code}`);
const accept = (code: string, body: unknown) => call(t, undefined, "POST", `/api/invitations/${code}/accept`, body);
const GOOD = { firstName: "  Grace ", lastName: "Hopper", password: "correct horse" };

describe("invitations (public)", () => {
  it("shows a pending invitation, accepts it once, and the answer signs the user in", async () => {
    const invitation = await invite();
    const shown = await read(invitation.code);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<InvitationPublic>()).toEqual({
      email: invitation.email,
      firstName: "Guest",
      lastName: `Number ${invited}`,
      role: "Manager",
      accountName: "Brilliant Gems Ltd",
      expiresAt: invitation.expiresAt,
    });

    const accepted = await accept(invitation.code, GOOD);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = accepted.json<LoginResponse>();
    expect(session).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      user: expect.objectContaining({ id: invitation.userId, firstName: "Grace", lastName: "Hopper", role: "Manager" }),
    });

    const me = await getUser(t.app, session.accessToken, invitation.userId);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<User>()).toMatchObject({ status: "active", firstName: "Grace", lastName: "Hopper" });

    const [row] = await t.db.select().from(users).where(eq(users.id, invitation.userId));
    expect(row!.passwordHash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(row!.passwordHash, GOOD.password)).toBe(true);
    expect((await login(t.app, invitation.email, GOOD.password)).statusCode).toBe(200);

    const entries = await t.db.select().from(activityLog).where(eq(activityLog.recordId, invitation.userId));
    expect(entries.map((entry) => entry.action)).toContain("accept-invitation");

    // Used: neither shown nor accepted again.
    expect((await read(invitation.code)).json()).toEqual({ message: NOT_VALID });
    const again = await expectRefused(t, () => accept(invitation.code, GOOD), 404);
    expect(again.message).toBe(NOT_VALID);
  });

  it("refuses an expired invitation", async () => {
    const invitation = await invite();
    await t.db.execute(
      sql`update invitations set expires_at = now() - interval '1 minute' where id = ${invitation.id}`,
    );
    const shown = await read(invitation.code);
    expect(shown.statusCode).toBe(404);
    expect(shown.json()).toEqual({ message: NOT_VALID });
    expect((await expectRefused(t, () => accept(invitation.code, GOOD), 404)).message).toBe(NOT_VALID);
  });

  it("refuses an unknown code", async () => {
    const shown = await read("no-such-code");
    expect(shown.statusCode).toBe(404);
    expect(shown.json()).toEqual({ message: NOT_VALID });
    expect((await expectRefused(t, () => accept("no-such-code", GOOD), 404)).message).toBe(NOT_VALID);
  });

  it("refuses a short password and missing or blank fields, naming the field", async () => {
    const invitation = await invite();
    const short = "x".repeat(LIMITS.passwordMin - 1);
    await expectRefused(t, () => accept(invitation.code, { ...GOOD, password: short }), 400, "password");
    await expectRefused(t, () => accept(invitation.code, { ...GOOD, password: " ".repeat(8) }), 400, "password");
    await expectRefused(t, () => accept(invitation.code, { lastName: "X", password: "long enough" }), 400, "firstName");
    await expectRefused(t, () => accept(invitation.code, { firstName: "X", password: "long enough" }), 400, "lastName");
    await expectRefused(t, () => accept(invitation.code, { firstName: "X", lastName: "Y" }), 400, "password");
    await expectRefused(t, () => accept(invitation.code, { ...GOOD, firstName: "   " }), 400, "firstName");
    // Still pending after all of that.
    expect((await read(invitation.code)).statusCode).toBe(200);
  });

  it("refuses a disabled invitee with 409", async () => {
    const invitation = await invite();
    const user = (await call(t, adminToken, "GET", `/api/users/${invitation.userId}`)).json<User>();
    const disabled = await call(t, adminToken, "POST", `/api/users/${user.id}/disable`, { version: user.version });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await expectRefused(t, () => accept(invitation.code, GOOD), 409);
  });
});
