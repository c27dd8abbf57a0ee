/**
 * What the register and forgot-password suites share: the app sending through a real SMTP server
 * in the test process, the token of a link in a received email, and the state a refusal must
 * leave as it was (every resource table, the codes, and the rate-limit rows, whose growth by one
 * counted request is the only change some refusals may make).
 */
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { ParsedMail } from "mailparser";
import { expect } from "vitest";
import { loadConfig } from "../../server/src/config";
import type { Clock } from "../../server/src/clock";
import { startSmtpServer, type TestSmtpServer } from "../support/smtpServer";
import { createTestApp, type TestApp } from "./helpers";
import { resourceState } from "./resourceHelpers";

export async function appWithMail(
  clock?: Clock,
): Promise<{ t: TestApp; smtp: TestSmtpServer; close(): Promise<void> }> {
  const smtp = await startSmtpServer();
  const t = await createTestApp({ clock, config: { mail: { ...loadConfig({}).mail, smtpUrl: smtp.url } } });
  return {
    t,
    smtp,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}

/** The token of the email's link to `page` (e.g. "/register"), checking the link is the console's. */
export function tokenOf(mail: ParsedMail, publicUrl: string, page: string): string {
  const text = mail.text ?? "";
  const escaped = `${publicUrl}${page}`.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const match = new RegExp(`${escaped}\\?token=([A-Za-z0-9_-]{43})(?=\\s|$)`).exec(text);
  if (!match) throw new Error(`no ${page} link in: ${text}`);
  return match[1]!;
}

/** Waits until `count` messages to `to` with a matching subject have arrived; answers them. */
export async function mailsTo(smtp: TestSmtpServer, to: string, subject: RegExp, count: number): Promise<ParsedMail[]> {
  const matching = () =>
    smtp.messages.filter(
      (mail) => JSON.stringify(mail.to).toLowerCase().includes(to.toLowerCase()) && subject.test(mail.subject ?? ""),
    );
  const deadline = Date.now() + 15000;
  while (matching().length < count) {
    if (Date.now() > deadline) throw new Error(`${matching().length} of ${count} mails to ${to} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return matching();
}

/** The resource tables, the one-time codes and the rate-limit rows: count and digest of each. */
export async function flowState(t: TestApp) {
  const result = await t.db.execute(
    sql.raw(`select
      (select count(*)::int || ':' || coalesce(md5(string_agg(x::text, ',' order by x::text)), '') from one_time_codes x) as codes,
      (select count(*)::int from public_requests) as requests,
      (select count(*)::int || ':' || coalesce(md5(string_agg(x::text, ',' order by x::text)), '') from sign_in_failures x) as failures`),
  );
  const [row] = (result as unknown as { rows: { codes: string; requests: number; failures: string }[] }).rows;
  return { resources: await resourceState(t), ...row! };
}

/**
 * Sends the request, checks its answer, and that nothing changed but the rate-limit rows, which
 * grow by `counted` (the refused request itself, when it was counted before being refused);
 * "any" when the clock moved past the day after which old rows are dropped.
 */
export async function expectNothingChanged(
  t: TestApp,
  send: () => Promise<LightMyRequestResponse>,
  check: (response: LightMyRequestResponse) => void,
  counted: 0 | 1 | "any",
): Promise<void> {
  const before = await flowState(t);
  const response = await send();
  check(response);
  const after = await flowState(t);
  expect({ ...after, requests: 0 }).toEqual({ ...before, requests: 0 });
  if (counted !== "any") expect(after.requests).toBe(before.requests + counted);
}
