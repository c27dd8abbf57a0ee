/**
 * Nothing left behind after a crash (issue 12, "Done when"): the real service (a process,
 * tests/support/serviceProcess.ts) is killed with SIGKILL while a test file is being uploaded, a
 * firmware build is being uploaded and a bulk-download zip is being built; restarted on the same
 * data directory, its start-up sweep (server/src/files/sweep.ts) leaves no file that no row refers
 * to: no `.part` file, no temporary upload folder, no stored blob without its row.
 *
 * The leftover age limit is lowered to 2 s (LEFTOVER_MIN_AGE_SECONDS) so the restart can come at
 * once; TMPDIR points into the data directory so the upload folders can be counted.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { readdir, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../src/api/types";
import type { BulkDownload, GalleryItem } from "../../src/api/tests";
import { openDb } from "../../server/src/db/client";
import { rowsOf } from "../../server/src/resources/sql";
import { startService, type RunningService } from "../support/serviceProcess";

const dataDir = mkdtempSync(join(tmpdir(), "gemtest-crash-"));
const tempDir = join(dataDir, "tmp");
const filesDir = join(dataDir, "files");
const incoming = join(filesDir, ".incoming");
mkdirSync(tempDir);
const ENV = {
  QUIET: "true",
  SERVE_CONSOLE: "false",
  TMPDIR: tempDir,
  LEFTOVER_MIN_AGE_SECONDS: "2",
  // Only the start-up sweep: the one this test is about.
  LEFTOVER_SWEEP_SECONDS: "off",
  // The interrupted zip is taken up again soon after the restart.
  JOB_STALE_AFTER_MS: "3000",
  JOB_HEARTBEAT_MS: "1000",
  JOB_SWEEP_MS: "1000",
};

let service: RunningService | undefined;
const open: http.ClientRequest[] = [];
beforeAll(async () => {
  service = await startService(ENV, { dataDir, timeoutMs: 180_000 });
});
afterAll(async () => {
  for (const request of open) request.destroy();
  await service?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call<T>(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  if (typeof init.body === "string") headers.set("content-type", "application/json");
  const response = await fetch(`${service!.url}/api${path}`, { ...init, headers });
  const text = await response.text();
  return { status: response.status, body: (text === "" ? undefined : JSON.parse(text)) as T };
}

/**
 * A multipart upload that sends its fields and the first `bytes` of a file, then waits forever
 * (a slow client): the service is mid-upload until the process dies.
 */
function hangingUpload(path: string, token: string, fields: Record<string, string>, file: string, bytes: number) {
  const boundary = `crash${randomUUID().replace(/-/g, "")}`;
  const request = http.request(`${service!.url}/api${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  request.on("error", () => undefined);
  open.push(request);
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  request.write(
    `${head}--${boundary}\r\ncontent-disposition: form-data; name="${file}"; filename="${file === "file" ? "build.bin" : "notes.pdf"}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  );
  request.write(Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(bytes, 7)]));
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const partFiles = async () => (await readdir(incoming).catch(() => [] as string[])).filter((n) => n.endsWith(".part"));
const uploadFolders = async () => (await readdir(tempDir)).filter((name) => /^gemtest-(upload|avatar)-/.test(name));
const blobs = async () => (await readdir(filesDir)).filter((name) => name !== ".incoming");

describe("a crash leaves nothing behind", () => {
  it("kill -9 during an upload, a firmware upload and a bulk-download build; the restart's sweep leaves no file without its row", async () => {
    const { body: session } = await call<LoginResponse>("/v2/auth/login", {
      method: "POST",
      body: JSON.stringify({ email: "superadmin@example.com", password: "demo1234" }),
    });
    const token = session.accessToken;
    const testIds: string[] = [];
    for (let start = 0; start < 500; start += 100) {
      const range = encodeURIComponent(`[${start},${start + 99}]`);
      const { body } = await call<GalleryItem[]>(`/tests?range=${range}`, { token });
      testIds.push(...body.map((test) => test.id));
    }
    expect(testIds.length).toBeGreaterThan(50);

    // A bulk download of every test: its zip is written to .incoming while it is built.
    const started = await call<BulkDownload>("/bulk-downloads", {
      method: "POST",
      body: JSON.stringify({ testIds }),
      token,
    });
    expect(started.status).toBe(201);
    // A test file upload (streamed to a temporary folder) and a firmware build (streamed into the store).
    hangingUpload("/v2/tests/file", token, { testId: testIds[0]!, gemtestTestFileType: "-1" }, "files", 1 << 20);
    hangingUpload(
      "/firmware",
      token,
      { firmwareVersion: "9.9.9", deviceTypeCode: "5001", releaseNotes: "Crash test" },
      "file",
      1 << 20,
    );

    // All three in progress: an upload folder, and two .part files (the firmware build, the zip).
    await until("the uploads and the build to be in progress", async () => {
      const [parts, folders] = await Promise.all([partFiles(), uploadFolders()]);
      const { body } = await call<BulkDownload>(`/bulk-downloads/${started.body.id}`);
      return parts.length >= 2 && folders.length >= 1 && body.status === "processing" ? true : undefined;
    });
    // And a blob stored a moment before its row, as a crash between the two leaves it.
    const orphan = randomUUID();
    await writeFile(join(filesDir, orphan), "stored, never referred to");

    await service!.kill();
    expect((await partFiles()).length).toBeGreaterThanOrEqual(2);
    expect((await uploadFolders()).length).toBeGreaterThanOrEqual(1);

    // Older than the limit (2 s), then the restart on the same data directory.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    service = await startService(ENV, { dataDir, timeoutMs: 120_000 });
    // The interrupted zip is built again and finishes: its row refers to its new zip.
    const download = await until(
      "the interrupted bulk download to finish",
      async () => {
        const { body } = await call<BulkDownload>(`/bulk-downloads/${started.body.id}`);
        return body.status === "ready" || body.status === "failed" ? body : undefined;
      },
      120_000,
    );
    expect(download.status).toBe("ready");
    // A graceful stop waits for the sweep in progress; then the database can be read from here.
    await service.stop();
    service = undefined;

    expect(await partFiles()).toEqual([]);
    expect(await uploadFolders()).toEqual([]);
    const stored = await blobs();
    expect(stored).not.toContain(orphan);
    const handle = await openDb({ databaseUrl: undefined, dataDir });
    try {
      const rows = await rowsOf(
        handle.db,
        sql`select storage_key as key from test_files union select storage_key from firmware
            union select storage_key from bulk_downloads where storage_key is not null
            union select storage_key from seed_photo_stones
            union select substring(avatar from '/avatar/([^/]+)$') from users where avatar like '/api/users/%/avatar/%'`,
      );
      const referred = new Set(rows.map((row) => String(row.key)));
      expect(stored.filter((key) => !referred.has(key))).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
