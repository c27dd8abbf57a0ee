/**
 * Mail (docs/api.md "Mail"): through a real SMTP server when SMTP_URL is set, parsed as a mail
 * client would; to DATA_DIR/outbox/*.eml with the link or code in the log when it is not.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/src/config";
import { createMailer } from "../../server/src/mail/mailer";
import { renderMail } from "../../server/src/mail/templates";
import { startSmtpServer, type TestSmtpServer } from "../support/smtpServer";

const reset = renderMail("Gemtest", {
  subject: "Reset your password",
  greeting: "Hello Ada <script>,",
  paragraphs: ["Someone asked to reset the password of your account.", "The link works once, for 1 hour."],
  action: { label: "Choose a new password", url: "https://console.example.com/forgot-password?token=abc&x=1" },
  footer: "If it was not you, ignore this email: your password stays as it is.",
});

const logged: unknown[] = [];
const log = {
  info: (...args: unknown[]) => logged.push(args),
  warn: () => undefined,
  error: () => undefined,
} as never;

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

describe("renderMail", () => {
  it("writes plain text and HTML in the product's words, escaping every value", () => {
    expect(reset.subject).toBe("Gemtest: Reset your password");
    expect(reset.text).toContain("Hello Ada <script>,");
    expect(reset.text).toContain("Choose a new password: https://console.example.com/forgot-password?token=abc&x=1");
    expect(reset.html).toContain("Hello Ada &lt;script&gt;,");
    expect(reset.html).toContain('href="https://console.example.com/forgot-password?token=abc&amp;x=1"');
    expect(reset.html).not.toContain("<script>");
    expect(reset.highlight).toBe("https://console.example.com/forgot-password?token=abc&x=1");
    const code = renderMail("Gemtest", {
      subject: "Your code",
      greeting: "Hello,",
      paragraphs: [],
      action: { code: "482913" },
      footer: ".",
    });
    expect(code.text).toContain("Your code: 482913");
    expect(code.highlight).toBe("482913");
  });
});

describe("createMailer", () => {
  it("sends through SMTP_URL: the message arrives with its sender, text and HTML", async () => {
    const config = loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: "Gemtest <no-reply@gemtest.test>" });
    await createMailer(config.mail, log).send("ada@example.com", reset);
    const mail = await smtp.waitFor("ada@example.com", /Reset your password/);
    expect(mail.from?.value).toEqual([{ name: "Gemtest", address: "no-reply@gemtest.test" }]);
    expect(mail.subject).toBe("Gemtest: Reset your password");
    expect(mail.text).toContain("https://console.example.com/forgot-password?token=abc&x=1");
    expect(mail.html).toContain("Choose a new password");
  });

  it("without SMTP_URL writes an .eml to the outbox and logs the link", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "gemtest-outbox-"));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(config.mail.smtpUrl).toBeNull();
      await createMailer(config.mail, log).send("ada@example.com", reset);
      const files = await readdir(join(dataDir, "outbox"));
      expect(files).toHaveLength(1);
      const mail = await simpleParser(await readFile(join(dataDir, "outbox", files[0]!)));
      expect(mail.subject).toBe("Gemtest: Reset your password");
      expect(mail.to).toMatchObject({ text: "ada@example.com" });
      expect(JSON.stringify(logged.at(-1))).toContain("https://console.example.com/forgot-password?token=abc&x=1");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses a malformed SMTP_URL or PUBLIC_URL at start-up", () => {
    expect(() => loadConfig({ SMTP_URL: "mail.example.com" })).toThrow("SMTP_URL must start with smtp://");
    expect(() => loadConfig({ PUBLIC_URL: "console.example.com" })).toThrow("PUBLIC_URL must be an http(s) address");
    expect(loadConfig({ PUBLIC_URL: "https://console.example.com/" }).mail.publicUrl).toBe(
      "https://console.example.com",
    );
  });
});
