/**
 * The mail a journey's person receives: the messages the service sent through the in-test SMTP
 * server (globalSetup.ts), read from the directory it writes them to, parsed as a mail client would.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { inject } from "vitest";

export interface ReceivedMail {
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the text part, in order. */
  links: string[];
  /** The first 6-digit code of the text part, if any. */
  code: string | undefined;
}

/** The newest message to `to` whose subject matches, waiting (polling) until it arrives. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 20000): Promise<ReceivedMail> {
  const dir = inject("mailDir");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(dir))
      .filter((name) => name.endsWith(".eml"))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = await simpleParser(await readFile(join(dir, file)));
      const recipients = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((entry) =>
        entry.value.map((address) => address.address?.toLowerCase()),
      );
      if (recipients.includes(to.toLowerCase()) && subject.test(mail.subject ?? "")) {
        const text = mail.text ?? "";
        return {
          subject: mail.subject ?? "",
          text,
          html: typeof mail.html === "string" ? mail.html : "",
          links: text.match(/https?:\/\/\S+/g) ?? [],
          code: /\b(\d{6})\b/.exec(text)?.[1],
        };
      }
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A link of an email opened on the journey's service: the same path and query on baseURL. */
export const onService = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
