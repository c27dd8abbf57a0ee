import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startService } from "../support/serviceProcess";
import { startSmtpServer } from "../support/smtpServer";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the in-test SMTP server writes each message the service sends (tests/e2e/mail.ts reads it). */
    mailDir: string;
  }
}

export default async function setup(project: TestProject) {
  // The service's mail goes to a real SMTP server in this process, as a customer's would.
  const mailDir = mkdtempSync(join(tmpdir(), "gemtest-e2e-mail-"));
  const smtp = await startSmtpServer(mailDir);
  const service = await startService({ SMTP_URL: smtp.url });
  project.provide("baseUrl", service.url);
  project.provide("mailDir", mailDir);
  return async () => {
    await service.stop();
    await smtp.close();
    rmSync(mailDir, { recursive: true, force: true });
  };
}
