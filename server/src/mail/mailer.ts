/**
 * Sending the product's emails (docs/api.md "Mail"). With SMTP_URL, through that server
 * (nodemailer); without it — the embedded default — each message is written to
 * DATA_DIR/outbox/*.eml and its link or code printed in the service log, so a person running
 * `npm start` can finish every flow. Either way the message is the same RFC 5322 text.
 */
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { RenderedMail } from "./templates";

export interface MailConfig {
  /** SMTP_URL, e.g. smtp://user:pass@mail.example.com:587; null writes to the outbox. */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender, "Gemtest <no-reply@…>". */
  from: string;
  /** Where the outbox is when there is no SMTP server. */
  outboxDir: string;
  /** PUBLIC_URL: the console's address, for the links in emails. */
  publicUrl: string;
  productName: string;
}

export interface Mailer {
  send(to: string, mail: RenderedMail): Promise<void>;
}

export function createMailer(config: MailConfig, log: FastifyBaseLogger): Mailer {
  const message = (to: string, mail: RenderedMail) => ({
    from: config.from,
    to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });

  if (config.smtpUrl !== null) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(to, mail) {
        await transport.sendMail(message(to, mail));
        log.info({ to, subject: mail.subject }, "mail sent");
      },
    };
  }

  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(to, mail) {
      const info = await composer.sendMail(message(to, mail));
      await mkdir(config.outboxDir, { recursive: true });
      const file = join(
        config.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      // No SMTP server: the log is how a person running the service locally follows the flow.
      log.info({ to, subject: mail.subject, file }, `mail to ${to} (outbox): ${mail.highlight}`);
    },
  };
}
