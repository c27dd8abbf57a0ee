/**
 * The public flows' building blocks (docs/api.md "Public flows"): one-time codes — hashed,
 * single use, expiring, only the latest works, a typed code dies after 5 wrong tries — and the
 * per-address and per-email rate limits.
 */
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { oneTimeCodes } from "../../server/src/db/schema";
import {
  checkTypedCode,
  hashCode,
  issueCode,
  liveCodeByToken,
  MAX_CODE_ATTEMPTS,
  spendCode,
} from "../../server/src/publicFlows/codes";
import { checkLimit } from "../../server/src/publicFlows/limits";
import { createTestApp, type TestApp } from "./helpers";

// The real randomInt, which one test makes draw a code that is already taken.
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  return { ...actual, randomInt: vi.fn(actual.randomInt) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOW = new Date("2027-01-01T10:00:00Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe("one-time codes", () => {
  it("stores only the hash; a link token works once and not after it expires", async () => {
    const token = await issueCode(t.db, {
      purpose: "reset-password",
      email: " Ada@Example.com ",
      ttlMs: 3_600_000,
      form: "link",
      now: NOW,
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.codeHash, hashCode(token)));
    expect(row).toMatchObject({ email: "ada@example.com", usedAt: null });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await liveCodeByToken(t.db, "reset-password", token, later(3_599_000))).toBeDefined();
    expect(await liveCodeByToken(t.db, "reset-password", token, later(3_600_000))).toBeUndefined();
    expect(await liveCodeByToken(t.db, "register", token, NOW)).toBeUndefined();
    expect(await spendCode(t.db, row!.id, NOW)).toBe(true);
    expect(await spendCode(t.db, row!.id, NOW)).toBe(false);
    expect(await liveCodeByToken(t.db, "reset-password", token, NOW)).toBeUndefined();
  });

  it("only the latest code of an address works", async () => {
    const first = await issueCode(t.db, {
      purpose: "delete-request",
      email: "bo@example.com",
      ttlMs: 900_000,
      form: "digits",
      now: NOW,
    });
    const second = await issueCode(t.db, {
      purpose: "delete-request",
      email: "bo@example.com",
      ttlMs: 900_000,
      form: "digits",
      now: later(1000),
    });
    expect(second).toMatch(/^\d{6}$/);
    if (first !== second)
      expect(await checkTypedCode(t.db, "delete-request", "bo@example.com", first, later(2000))).toBeUndefined();
    expect(await checkTypedCode(t.db, "delete-request", "BO@example.com", second, later(2000))).toBeDefined();
  });

  it(`a typed code dies after ${MAX_CODE_ATTEMPTS} wrong tries, even the right one after that`, async () => {
    const code = await issueCode(t.db, {
      purpose: "delete-request",
      email: "cy@example.com",
      ttlMs: 900_000,
      form: "digits",
      now: NOW,
    });
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      expect(await checkTypedCode(t.db, "delete-request", "cy@example.com", wrong, NOW)).toBeUndefined();
    }
    expect(await checkTypedCode(t.db, "delete-request", "cy@example.com", code, NOW)).toBeUndefined();
  });

  it("a typed code that draws the digits of another stored code draws again, and both work", async () => {
    const options = { purpose: "delete-request", ttlMs: 900_000, form: "digits", now: NOW } as const;
    const taken = await issueCode(t.db, { ...options, email: "gil@example.com" });
    vi.mocked(randomInt).mockReturnValueOnce(Number(taken) as never);
    const other = await issueCode(t.db, { ...options, email: "hal@example.com" });
    expect(other).toMatch(/^\d{6}$/);
    expect(other).not.toBe(taken);
    expect(await checkTypedCode(t.db, "delete-request", "hal@example.com", other, NOW)).toBeDefined();
    expect(await checkTypedCode(t.db, "delete-request", "gil@example.com", taken, NOW)).toBeDefined();
  });
});

describe("rate limits", () => {
  const limit = { action: "test-action", perIp: 3, perIpAndEmail: 2, perEmail: 3, windowMs: 600_000 };
  const admitted = { quiet: false };
  const quiet = { quiet: true };
  it("refuses past the per-address and the per-address-and-email counts within the window, then allows again", async () => {
    expect(await checkLimit(t.db, limit, { email: "dee@example.com", ip: "10.0.0.1" }, NOW)).toEqual(admitted);
    expect(await checkLimit(t.db, limit, { email: "DEE@example.com", ip: "10.0.0.1" }, later(60_000))).toEqual(
      admitted,
    );
    // The wait: until the older of the two leaves the window (9 minutes from then).
    await expect(
      checkLimit(t.db, limit, { email: "dee@example.com", ip: "10.0.0.1" }, later(60_000)),
    ).rejects.toMatchObject({
      statusCode: 429,
      message: "Too many requests. Try again in 9 minutes.",
      headers: { "retry-after": "540" },
    });
    expect(await checkLimit(t.db, limit, { ip: "10.0.0.1" }, NOW)).toEqual(admitted);
    await expect(checkLimit(t.db, limit, { email: "fay@example.com", ip: "10.0.0.1" }, NOW)).rejects.toMatchObject({
      statusCode: 429,
      message: "Too many requests. Try again in 10 minutes.",
    });
    expect(await checkLimit(t.db, limit, { email: "fay@example.com", ip: "10.0.0.1" }, later(600_001))).toEqual(
      admitted,
    );
  });

  it("past the email's own cap, from any address, only answers quietly: never 429", async () => {
    const at = later(3_600_000);
    expect(await checkLimit(t.db, limit, { email: "gus@example.com", ip: "10.0.1.1" }, at)).toEqual(admitted);
    expect(await checkLimit(t.db, limit, { email: "gus@example.com", ip: "10.0.1.2" }, at)).toEqual(admitted);
    expect(await checkLimit(t.db, limit, { email: "gus@example.com", ip: "10.0.1.3" }, at)).toEqual(admitted);
    for (const ip of ["10.0.1.4", "10.0.1.1"]) {
      expect(await checkLimit(t.db, limit, { email: "Gus@example.com", ip }, at)).toEqual(quiet);
    }
    // Other emails are not affected; the window over, mail goes out again.
    expect(await checkLimit(t.db, limit, { email: "hal@example.com", ip: "10.0.1.5" }, at)).toEqual(admitted);
    expect(
      await checkLimit(t.db, limit, { email: "gus@example.com", ip: "10.0.1.6" }, new Date(at.getTime() + 600_001)),
    ).toEqual(admitted);
  });
});
