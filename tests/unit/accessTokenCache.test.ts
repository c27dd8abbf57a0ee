/**
 * The guard remembers tokens whose signature it verified (auth/accessTokens.ts): a remembered
 * token must still expire on the second jose would expire it, and a token that differs from a
 * remembered one in any character (another signature) is verified afresh and refused.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { accessTokens } from "../../server/src/auth/accessTokens";

const secret = new TextEncoder().encode("a-test-secret-of-at-least-32-bytes!!");
const subject = { id: "u1", role: "Admin" as const, accountId: "a1", sessionId: "s1" };

afterEach(() => vi.useRealTimers());

describe("verified access tokens", () => {
  it("answers a remembered token until its expiry, then expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    const tokens = accessTokens(secret, 60);
    const token = await tokens.issue(subject);
    expect(await tokens.check(token)).toEqual({ ok: true, subject });
    vi.setSystemTime(new Date("2026-01-01T00:00:59Z"));
    expect(await tokens.check(token)).toEqual({ ok: true, subject });
    vi.setSystemTime(new Date("2026-01-01T00:01:00Z"));
    expect(await tokens.check(token)).toEqual({ ok: false, reason: "expired" });
    expect(await tokens.check(token)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses a tampered copy of a remembered token", async () => {
    const tokens = accessTokens(secret, 60);
    const token = await tokens.issue(subject);
    expect((await tokens.check(token)).ok).toBe(true);
    const [header, payload, signature] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...subject, sub: "u1", role: "SuperAdmin", sid: "s1", exp: 9e9 }),
    ).toString("base64url");
    expect(await tokens.check(`${header}.${forged}.${signature}`)).toEqual({ ok: false, reason: "invalid" });
    const flipped = signature!.slice(0, -2) + (signature!.endsWith("AA") ? "BB" : "AA");
    expect(await tokens.check(`${header}.${payload}.${flipped}`)).toEqual({ ok: false, reason: "invalid" });
  });

  it("does not remember a token issued with another secret", async () => {
    const other = accessTokens(new TextEncoder().encode("another-secret-of-at-least-32-bytes"), 60);
    const tokens = accessTokens(secret, 60);
    const token = await other.issue(subject);
    expect(await tokens.check(token)).toEqual({ ok: false, reason: "invalid" });
    expect((await other.check(token)).ok).toBe(true);
    expect(await tokens.check(token)).toEqual({ ok: false, reason: "invalid" });
  });
});
