/**
 * The server tests' template database, built once per run (a fresh PGlite costs seconds, loading
 * a dump of one costs a fraction of that) by buildTemplate.ts in a process of its own, while the
 * first test files run: only the service's tests need it, and they wait for its ready file
 * (`templateSource()` in helpers.ts). Awaited here, it held every file of `npm test` back; built
 * in this process, it slowed the transforms every test file waits for.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import {
  adminQuery,
  announce,
  quoteIdent,
  templateFilesDir,
  templateReadyPath,
  type TemplateReady,
} from "./testDatabase";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), "gemtest-server-tests-"));
  project.provide("serverTestFiles", templateFilesDir(dir));
  project.provide("serverTestReady", templateReadyPath(dir));
  const build = spawn(process.execPath, ["--import", "tsx", join(import.meta.dirname, "buildTemplate.ts"), dir], {
    stdio: "inherit",
  });
  // A build that dies before it says anything must not leave the tests waiting.
  const exited = once(build, "exit").then(async ([code, signal]) => {
    const said = await readFile(templateReadyPath(dir), "utf8").then(
      () => true,
      () => false,
    );
    if (!said)
      await announce(dir, { error: `buildTemplate.ts ended (${signal ?? `exit code ${code}`}) without a template.` });
  });
  return async () => {
    await exited;
    const ready = JSON.parse(
      await readFile(templateReadyPath(dir), "utf8").catch(() => "{}"),
    ) as Partial<TemplateReady>;
    if ("template" in ready && ready.template?.kind === "postgres") {
      const { adminUrl, templateName } = ready.template;
      await adminQuery(adminUrl, `drop database if exists ${quoteIdent(templateName)} with (force)`);
    }
    await rm(dir, { recursive: true, force: true });
  };
}
