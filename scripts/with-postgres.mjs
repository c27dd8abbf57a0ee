#!/usr/bin/env node
/**
 * Runs a command against a throwaway PostgreSQL server:
 *
 *   node scripts/with-postgres.mjs vitest run --project server --project server-mocks
 *
 * Starts Debian's PostgreSQL (the newest in /usr/lib/postgresql, 15 in CI; install it with
 * `apt-get install -y postgresql`) in a temporary directory on a free loopback port, with
 * durability off (fsync=off: the data is thrown away anyway), runs the command with
 * TEST_DATABASE_URL pointing at it, then stops the server and removes the directory whatever
 * happened. PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user.
 */
import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/with-postgres.mjs <command> [args...]");
  process.exit(2);
}

function findBinDir() {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, "bin", "pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    console.error(
      "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/pg_ctl). Install it: apt-get install -y postgresql",
    );
    process.exit(2);
  }
  return join(root, versions[0], "bin");
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool, as the postgres user when we are root. */
function pgTool(binDir, tool, toolArgs) {
  const executable = join(binDir, tool);
  const [file, fileArgs] = isRoot
    ? ["runuser", ["-u", "postgres", "--", executable, ...toolArgs]]
    : [executable, toolArgs];
  execFileSync(file, fileArgs, { stdio: ["ignore", "ignore", "inherit"] });
}

const binDir = findBinDir();
const workDir = mkdtempSync(join(tmpdir(), "gemtest-pg-"));
const dataDir = join(workDir, "data");
const logFile = join(workDir, "server.log");
let started = false;

function cleanUp() {
  if (started) {
    try {
      pgTool(binDir, "pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } catch (error) {
      console.error("with-postgres: stopping PostgreSQL failed:", error.message);
    }
    started = false;
  }
  rmSync(workDir, { recursive: true, force: true });
}

let exitCode = 1;
try {
  if (isRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(workDir, uid, gid);
  }
  pgTool(binDir, "initdb", [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "-E",
    "UTF8",
    "--no-sync",
    "--no-instructions",
  ]);
  const port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${workDir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  pgTool(binDir, "pg_ctl", ["-D", dataDir, "-l", logFile, "-o", serverOptions, "-w", "start"]);
  started = true;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`with-postgres: PostgreSQL (${binDir}) running at ${url}`);

  const child = spawn(command, args, {
    stdio: "inherit",
    env: {
      ...process.env,
      TEST_DATABASE_URL: url,
      PATH: [resolve("node_modules/.bin"), process.env.PATH].join(delimiter),
    },
  });
  const forward = (signal) => child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  exitCode = await new Promise((resolveExit) => {
    child.on("error", (error) => {
      console.error(`with-postgres: could not run ${command}:`, error.message);
      resolveExit(127);
    });
    child.on("exit", (code, signal) => resolveExit(code ?? (signal ? 128 : 1)));
  });
} catch (error) {
  console.error("with-postgres:", error.message);
  if (existsSync(logFile)) console.error(`(server log was ${logFile})`);
} finally {
  cleanUp();
}
process.exit(exitCode);
