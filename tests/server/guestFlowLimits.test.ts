/**
 * Issue 24 item 2: a stranger cannot block someone's guest flow. The limits refuse (429) only the
 * address that made the requests — per address, and per address and email — while an email's own
 * cap, counted over every address, only stops the mail quietly: the answer is the usual 202.
 * Each case is played from two addresses (app.inject's remoteAddress), the stranger's and the person's.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { movableClock } from "../../server/src/clock";
import { oneTimeCodes } from "../../server/src/db/schema";
import { FORGOT_PASSWORD_LIMIT } from "../../server/src/publicFlows/forgotPassword";
import { DELETE_REQUEST_LIMIT } from "../../server/src/publicFlows/deleteRequest";
import { REGISTER_LIMIT } from "../../server/src/publicFlows/register";
import { CONTRACT } from "../fixtures/contract";
import { OWNER_FLOWS_CONTRACT } from "../fixtures/ownerFlowsContract";
import type { TestSmtpServer } from "../support/smtpServer";
import { expectAnswer, freshIp, type TestApp } from "./helpers";
import { appWithMail, mailsTo } from "./publicFlowHelpers";

const clock = movableClock();
let t: TestApp;
let smtp: TestSmtpServer;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, smtp, close } = await appWithMail(clock));
});
afterAll(() => close());
// Each test in an hour of its own: no count carries over.
beforeEach(() => clock.advance(61 * 60_000));

const post = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: "POST", url, payload, remoteAddress: ip });

/** How many codes of `purpose` were issued for `email`: one per email that went out. */
async function codesFor(purpose: "reset-password" | "register" | "delete-request", email: string) {
  const [row] = await t.db
    .select({ n: count() })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.email, email)));
  return row?.n ?? 0;
}

describe("forgot password", () => {
  const ask = (email: string, ip: string) => post("/api/forgot-password", { email }, ip);
  const SUBJECT = /Reset your password/;

  it("a stranger's requests refuse only the stranger's address; the person's own request is sent", async () => {
    const email = "user@example.com";
    const before = (await mailsTo(smtp, email, SUBJECT, 0)).length;
    const stranger = freshIp();
    for (let i = 0; i < FORGOT_PASSWORD_LIMIT.perIpAndEmail!; i += 1) {
      expectAnswer(await ask(email, stranger), CONTRACT.forgotPassword.accepted);
    }
    const refused = await ask(email, stranger);
    expectAnswer(refused, CONTRACT.forgotPassword.tooMany);
    expect(refused.headers["retry-after"]).toBe("3600");

    expectAnswer(await ask(email, freshIp()), CONTRACT.forgotPassword.accepted);
    await mailsTo(smtp, email, SUBJECT, before + FORGOT_PASSWORD_LIMIT.perIpAndEmail! + 1);
  });

  it("past the email's own cap, over every address, answers the same 202 and sends nothing", async () => {
    const email = "manager@example.com";
    const before = (await mailsTo(smtp, email, SUBJECT, 0)).length;
    for (let i = 0; i < FORGOT_PASSWORD_LIMIT.perEmail!; i += 1) {
      expectAnswer(await ask(email, freshIp()), CONTRACT.forgotPassword.accepted);
    }
    await mailsTo(smtp, email, SUBJECT, before + FORGOT_PASSWORD_LIMIT.perEmail!);
    const issued = await codesFor("reset-password", email);

    const quiet = await ask(email, freshIp());
    expectAnswer(quiet, CONTRACT.forgotPassword.accepted);
    // A request after it is sent; once its mail is out, the quiet one would have issued its code too.
    expectAnswer(await ask("admin@example.com", freshIp()), CONTRACT.forgotPassword.accepted);
    await mailsTo(smtp, "admin@example.com", SUBJECT, 1);
    expect(await codesFor("reset-password", email)).toBe(issued);
    expect((await mailsTo(smtp, email, SUBJECT, 0)).length).toBe(before + FORGOT_PASSWORD_LIMIT.perEmail!);
  });
});

describe("register", () => {
  const SUBJECT = /Confirm your email address/;
  const body = (email: string) => ({
    firstName: "Ada",
    lastName: "Lovelace",
    email,
    password: "analytical-engine",
    accountName: "Lovelace Gems",
    country: "GB",
  });

  it("a stranger registering someone's email is refused at their own address only", async () => {
    const email = "ada-limits@lovelace-gems.example.com";
    const stranger = freshIp();
    for (let i = 0; i < 3; i += 1) {
      expectAnswer(await post("/api/register", body(email), stranger), CONTRACT.register.accepted);
    }
    const refused = await post("/api/register", body(email), stranger);
    expectAnswer(refused, CONTRACT.register.tooMany);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    expectAnswer(await post("/api/register", body(email), freshIp()), CONTRACT.register.accepted);
    await mailsTo(smtp, email, SUBJECT, 4);
  });

  it("past the email's own cap, over every address, answers the same 202 and sends nothing", async () => {
    const email = "ada-cap@lovelace-gems.example.com";
    for (let i = 0; i < REGISTER_LIMIT.perEmail!; i += 1) {
      expectAnswer(await post("/api/register", body(email), freshIp()), CONTRACT.register.accepted);
    }
    await mailsTo(smtp, email, SUBJECT, REGISTER_LIMIT.perEmail!);
    expectAnswer(await post("/api/register", body(email), freshIp()), CONTRACT.register.accepted);
    // A request after it is sent; once its mail is out, the quiet one would have issued its code too.
    const later = "ada-after-cap@lovelace-gems.example.com";
    expectAnswer(await post("/api/register", body(later), freshIp()), CONTRACT.register.accepted);
    await mailsTo(smtp, later, SUBJECT, 1);
    expect(await codesFor("register", email)).toBe(REGISTER_LIMIT.perEmail!);
  });
});

describe("data-deletion request", () => {
  const ask = (email: string, ip: string) => post("/api/delete-request", { email }, ip);

  it("a stranger's requests, cool-down and hourly cap alike, never answer the person 429", async () => {
    const email = "daniel.kim@example.com";
    const stranger = freshIp();
    const person = freshIp();
    expectAnswer(await ask(email, stranger), OWNER_FLOWS_CONTRACT.deleteRequest.sent);
    // Within the stranger's cool-down: the stranger waits; the person is answered as ever.
    clock.advance(15_000);
    const tooSoon = await ask(email, stranger);
    expectAnswer(tooSoon, OWNER_FLOWS_CONTRACT.deleteRequest.tooSoon);
    expect(tooSoon.headers["retry-after"]).toBe("45");
    expectAnswer(await ask(email, person), OWNER_FLOWS_CONTRACT.deleteRequest.sent);

    // The stranger's hourly count for this email runs out; the person's does not.
    for (let i = 1; i < DELETE_REQUEST_LIMIT.perIpAndEmail!; i += 1) {
      clock.advance(61_000);
      expectAnswer(await ask(email, stranger), OWNER_FLOWS_CONTRACT.deleteRequest.sent);
    }
    clock.advance(61_000);
    const refused = await ask(email, stranger);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // The stranger's accepted requests issue their codes after the answer: wait for all of them (the
    // person's request within the cool-down issued none) before the person asks again.
    const issued = DELETE_REQUEST_LIMIT.perIpAndEmail!;
    await expect.poll(() => codesFor("delete-request", email), { timeout: 15_000 }).toBe(issued);
    expectAnswer(await ask(email, person), OWNER_FLOWS_CONTRACT.deleteRequest.sent);
    await expect.poll(() => codesFor("delete-request", email), { timeout: 15_000 }).toBe(issued + 1);
  });
});
