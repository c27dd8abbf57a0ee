/**
 * Nothing left behind (issue 12, files/sweep.ts): `.part` files, temporary upload folders and
 * blobs no row refers to go once older than the limit; whatever a row refers to (a test file, a
 * firmware build, a zip, a seeded photo, an avatar) stays, and so does anything younger; on the
 * local directory and on S3 alike.
 */
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bulkDownloads, firmware, testFiles, users } from "../../server/src/db/schema";
import { s3Storage } from "../../server/src/files/storage";
import { sweepLeftovers, TEMP_UPLOAD_PREFIXES } from "../../server/src/files/sweep";
import { avatarPath } from "../../server/src/userSettings/avatar";
import { createTestApp, type TestApp } from "./helpers";
import { insertTest, U } from "./records";
import { startS3Server } from "./s3Server";

let t: TestApp;
let tempRoot: string;
beforeAll(async () => {
  t = await createTestApp();
  tempRoot = await mkdtemp(join(tmpdir(), "gemtest-sweep-test-"));
});
afterAll(async () => {
  await t.close();
  await rm(tempRoot, { recursive: true, force: true });
});

const HOUR = 3_600_000;
const sweep = (now: Date) => sweepLeftovers({ db: t.db, storage: t.storage, now, minAgeMs: HOUR, tempRoot });
const exists = async (key: string) => (await t.storage.size(key)) !== null;
const incoming = () => join(t.config.filesDir, ".incoming");

describe("the leftover sweep", () => {
  it("removes .part files, temporary upload folders and orphaned blobs older than the limit, and nothing else", async () => {
    // What rows refer to.
    const test = await insertTest(t.db, t.storage, { photos: 1 });
    const zip = await t.storage.put(Buffer.from("a zip"));
    await t.db.insert(bulkDownloads).values({
      id: randomUUID(),
      userId: U.admin,
      testIds: [test.id],
      status: "ready",
      estimatedSeconds: 3,
      storageKey: zip.key,
      finishedAt: new Date(),
    });
    const avatar = await t.storage.put(Buffer.from("a png"), { key: `avatar-${randomUUID()}.png` });
    await t.db
      .update(users)
      .set({ avatar: avatarPath(U.user, avatar.key) })
      .where(eq(users.id, U.user));
    const [build] = await t.db.select({ key: firmware.storageKey }).from(firmware).limit(1);
    const [seeded] = await t.db.select({ key: testFiles.storageKey }).from(testFiles).limit(1);
    const kept = [...test.storageKeys, zip.key, avatar.key, build!.key, seeded!.key];

    // What a crash or an abandoned request leaves.
    const orphan = await t.storage.put(Buffer.from("nobody's"));
    await mkdir(incoming(), { recursive: true });
    const part = `${randomUUID()}.part`;
    await writeFile(join(incoming(), part), "half an upload");
    for (const prefix of TEMP_UPLOAD_PREFIXES) await mkdir(join(tempRoot, `${prefix}abc`));
    await writeFile(join(tempRoot, `${TEMP_UPLOAD_PREFIXES[0]}abc`, "upload"), "bytes");
    // Not an upload folder: another program's, never touched.
    await mkdir(join(tempRoot, "gemtest-service-xyz"));

    // Younger than the limit: possibly still in progress, all kept.
    expect(await sweep(new Date())).toEqual({ unfinished: 0, tempFolders: 0, orphans: 0 });
    expect(await exists(orphan.key)).toBe(true);
    expect(await readdir(incoming())).toContain(part);

    // Two hours later: the leftovers go, what rows refer to stays.
    const later = await sweep(new Date(Date.now() + 2 * HOUR));
    expect(later).toEqual({ unfinished: 1, tempFolders: TEMP_UPLOAD_PREFIXES.length, orphans: 1 });
    expect(await exists(orphan.key)).toBe(false);
    expect(await readdir(incoming())).not.toContain(part);
    expect(await readdir(tempRoot)).toEqual(["gemtest-service-xyz"]);
    for (const key of kept) expect(await exists(key), key).toBe(true);

    // Every blob a row refers to is still there, and a second sweep finds nothing more.
    const files = await t.db.select({ key: testFiles.storageKey }).from(testFiles);
    for (const { key } of files) expect(await exists(key), key).toBe(true);
    expect(await sweep(new Date(Date.now() + 2 * HOUR))).toEqual({ unfinished: 0, tempFolders: 0, orphans: 0 });
  });

  it("works the same on the S3 store, through the storage interface (list, removeUnfinished, delete)", async () => {
    const s3 = await startS3Server();
    const storage = s3Storage({
      bucket: s3.bucket,
      region: "us-east-1",
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID!, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY! },
    });
    try {
      const test = await insertTest(t.db, storage, { photos: 1 });
      const orphan = await storage.put(Buffer.from("nobody's"));
      const run = (now: Date) => sweepLeftovers({ db: t.db, storage, now, minAgeMs: HOUR, tempRoot });
      expect(await run(new Date())).toEqual({ unfinished: 0, tempFolders: 0, orphans: 0 });
      expect(await storage.size(orphan.key)).not.toBeNull();
      expect(await run(new Date(Date.now() + 2 * HOUR))).toEqual({ unfinished: 0, tempFolders: 0, orphans: 1 });
      expect(await storage.size(orphan.key)).toBeNull();
      expect(await storage.size(test.storageKeys[0]!)).not.toBeNull();
    } finally {
      await s3.close();
    }
  });

  it("knows every temporary upload folder the service makes (mkdtemp prefixes in server/src)", async () => {
    const sources = [
      "server/src/files/uploads.ts",
      "server/src/userSettings/avatar.ts",
      "server/src/firmware/routes.ts",
    ];
    const made: string[] = [];
    for (const path of sources) {
      const text = await readFile(path, "utf8");
      for (const match of text.matchAll(/mkdtemp\(join\(tmpdir\(\), "([^"]+)"\)\)/g)) made.push(match[1]!);
    }
    expect(made.length).toBeGreaterThan(0);
    for (const prefix of made) expect(TEMP_UPLOAD_PREFIXES).toContain(prefix);
  });
});
