/**
 * A real SMTP server in the test process (nodemailer's smtp-server), each message parsed with
 * mailparser: the service's mail is tested as it leaves, not through a stub of nodemailer.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestSmtpServer {
  /** SMTP_URL for the service. */
  url: string;
  messages: ParsedMail[];
  /** The first message to this address matching `subject`, waiting for it to arrive. */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

const addressesOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((to) =>
    to.value.map((entry) => entry.address?.toLowerCase()),
  );

/** `saveTo`: also write each message as it arrived (an .eml) in this directory, for other processes to read. */
export async function startSmtpServer(saveTo?: string): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  let saved = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then(async (mail) => {
            if (saveTo !== undefined) await writeFile(join(saveTo, `${String(++saved).padStart(5, "0")}.eml`), raw);
            messages.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, subject, timeoutMs = 15000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(
          (mail) => addressesOf(mail).includes(to.toLowerCase()) && (!subject || subject.test(mail.subject ?? "")),
        );
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to}${subject ? ` matching ${subject}` : ""}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
