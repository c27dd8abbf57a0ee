/**
 * The file storage contract (server/src/files/storage): the same cases against each store: the
 * local directory, and S3 through the real AWS SDK talking HTTP to an s3rver started here
 * (tests/server/s3Server.ts; nothing is mocked below the SDK).
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import {
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  InvalidStorageKeyError,
  isValidKey,
  localDirectoryStorage,
  type ListedBlob,
  s3Storage,
  type FileStorage,
} from "../../server/src/files/storage";
import { MIN_PART_SIZE } from "../../server/src/files/storage/s3";
import { zipFromStorage } from "../../server/src/files/zip";
import { readZip } from "./records";
import { startS3Server } from "./s3Server";

interface OpenStore {
  storage: FileStorage;
  /** Whatever an unfinished write may leave: temporary files, unfinished multipart uploads. */
  leftovers(): Promise<string[]>;
  /** Leaves what a write cut by a crash leaves: a `.part` file, an unfinished multipart upload. */
  leaveUnfinished(): Promise<void>;
  /** Makes the store unreachable: the directory removed, the S3 server stopped. */
  breakIt(): Promise<void>;
  close(): Promise<void>;
}

const PART_SIZE = MIN_PART_SIZE;

const stores: { name: string; open: () => Promise<OpenStore> }[] = [
  {
    name: "local directory",
    async open() {
      const dir = await mkdtemp(join(tmpdir(), "gemtest-storage-"));
      const root = join(dir, "files");
      await mkdir(root);
      return {
        storage: localDirectoryStorage(root),
        leftovers: async () => (await readdir(join(root, ".incoming")).catch(() => [])).map((name) => `temp ${name}`),
        async leaveUnfinished() {
          await mkdir(join(root, ".incoming"), { recursive: true });
          await writeFile(join(root, ".incoming", `${randomUUID()}.part`), "half a file");
        },
        breakIt: () => rm(dir, { recursive: true, force: true }),
        close: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "S3 (s3rver)",
    async open() {
      const server = await startS3Server();
      const settings = {
        bucket: server.bucket,
        region: "us-east-1",
        endpoint: server.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: server.env.AWS_ACCESS_KEY_ID, secretAccessKey: server.env.AWS_SECRET_ACCESS_KEY },
      };
      const client = new S3Client(settings);
      return {
        storage: s3Storage({ ...settings, partSize: PART_SIZE }),
        async leftovers() {
          const { Uploads = [] } = await client.send(new ListMultipartUploadsCommand({ Bucket: server.bucket }));
          return Uploads.map((upload) => `unfinished multipart upload of ${upload.Key}`);
        },
        async leaveUnfinished() {
          const Key = `crashed-${randomUUID()}`;
          const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: server.bucket, Key }));
          const Body = Buffer.alloc(PART_SIZE, 1);
          await client.send(new UploadPartCommand({ Bucket: server.bucket, Key, UploadId, PartNumber: 1, Body }));
        },
        breakIt: () => server.close(),
        async close() {
          client.destroy();
          await server.close();
        },
      };
    },
  },
];

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The error the stream fails with, or undefined when it ends normally. */
function streamError(stream: Readable): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    stream.on("error", resolve);
    stream.on("end", () => resolve(undefined));
    stream.resume();
  });
}

/** `total` bytes in 64 KiB chunks, produced as they are read. */
function chunked(bytes: Buffer, chunkSize = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
    })(),
  );
}

/** A source that sends `before` bytes (more than one part) and then fails or is destroyed. */
function failingSource(before: number, how: "errors" | "is destroyed"): Readable {
  let sent = 0;
  const chunk = Buffer.alloc(256 * 1024, 7);
  return new Readable({
    read() {
      if (sent >= before) {
        if (how === "errors") this.destroy(new Error("the client went away"));
        else this.destroy();
        return;
      }
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe.each(stores)("file storage contract: $name", ({ open }) => {
  let store: OpenStore;
  let storage: FileStorage;
  beforeAll(async () => {
    store = await open();
    storage = store.storage;
  });
  afterAll(() => store.close());

  it("stores a Buffer and gives the same bytes back", async () => {
    const bytes = randomBytes(1000);
    const { key, size } = await storage.put(bytes);
    expect(size).toBe(1000);
    expect(await readAll(storage.get(key))).toEqual(bytes);
    expect(await storage.size(key)).toBe(1000);
  });

  it("stores a stream and gives the same bytes back", async () => {
    const bytes = randomBytes(300 * 1024);
    const { key, size } = await storage.put(chunked(bytes));
    expect(size).toBe(bytes.length);
    expect(await readAll(storage.get(key))).toEqual(bytes);
  });

  it("stores an empty blob", async () => {
    const { key, size } = await storage.put(Readable.from([]));
    expect(size).toBe(0);
    expect(await readAll(storage.get(key))).toEqual(Buffer.alloc(0));
    expect(await storage.size(key)).toBe(0);
  });

  it("streams a blob larger than one multipart part (12 MiB) byte for byte, both ways", async () => {
    const bytes = randomBytes(12 * 1024 * 1024);
    expect(bytes.length).toBeGreaterThan(2 * PART_SIZE);
    const { key, size } = await storage.put(chunked(bytes));
    expect(size).toBe(bytes.length);
    expect(await storage.size(key)).toBe(bytes.length);
    const back = await readAll(storage.get(key));
    expect(back.length).toBe(bytes.length);
    expect(sha256(back)).toBe(sha256(bytes));
  });

  it("keeps memory bounded while storing a stream many parts long (160 MiB)", async () => {
    const total = 160 * 1024 * 1024;
    const chunk = randomBytes(256 * 1024);
    let sent = 0;
    const source = new Readable({
      read() {
        if (sent >= total) return void this.push(null);
        sent += chunk.length;
        this.push(chunk);
      },
    });
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 5);
    try {
      const { key, size } = await storage.put(source);
      expect(size).toBe(total);
      await storage.delete(key);
    } finally {
      clearInterval(sampler);
    }
    // A few parts (one being filled, one being sent, what the server holds; about 40 MiB here with
    // 5 MiB parts and s3rver in this process), never the whole 160 MiB source.
    const growth = `${((peak - before) / 1024 / 1024).toFixed(1)} MiB`;
    expect(peak - before, growth).toBeLessThan(96 * 1024 * 1024);
  });

  it("stores a Buffer larger than one part", async () => {
    const bytes = randomBytes(PART_SIZE + 12345);
    const { key } = await storage.put(bytes);
    expect(sha256(await readAll(storage.get(key)))).toBe(sha256(bytes));
  });

  it("stores under a key the caller chooses, and replaces what was there", async () => {
    const key = "seed-photo-0-result.png";
    expect(await storage.put(Buffer.from("first"), { key })).toEqual({ key, size: 5 });
    expect(await storage.put(Buffer.from("second"), { key })).toEqual({ key, size: 6 });
    expect((await readAll(storage.get(key))).toString()).toBe("second");
  });

  it.each(["../outside", "a/b", "..", ".hidden", "", "a..b", "-dash", "x".repeat(201), "a b", "a\\b"])(
    "refuses the key %j everywhere",
    async (key) => {
      await expect(storage.put(Buffer.from("x"), { key })).rejects.toBeInstanceOf(InvalidStorageKeyError);
      expect(() => storage.get(key)).toThrow(InvalidStorageKeyError);
      await expect(storage.size(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );

  it("fails the stream of a missing key with code ENOENT", async () => {
    const error = await streamError(storage.get("no-such-blob"));
    expect(error?.code).toBe("ENOENT");
  });

  it("answers size null for a missing key", async () => {
    expect(await storage.size("no-such-blob")).toBeNull();
  });

  it("deletes, and deleting again (or something never stored) is not an error", async () => {
    const { key } = await storage.put(Buffer.from("short-lived"));
    await storage.delete(key);
    expect(await storage.size(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.delete("never-stored")).resolves.toBeUndefined();
    expect((await streamError(storage.get(key)))?.code).toBe("ENOENT");
  });

  it.each(["errors", "is destroyed"] as const)(
    "leaves nothing behind when the source %s after more than a part",
    async (how) => {
      const key = `failed-upload-${how.replace(" ", "-")}`;
      await expect(storage.put(failingSource(PART_SIZE + 1024 * 1024, how), { key })).rejects.toThrow();
      expect(await storage.size(key)).toBeNull();
      expect(await store.leftovers()).toEqual([]);
    },
  );

  it("leaves nothing behind when the source fails within the first part", async () => {
    const key = "failed-small-upload";
    await expect(storage.put(failingSource(512 * 1024, "errors"), { key })).rejects.toThrow("went away");
    expect(await storage.size(key)).toBeNull();
    expect(await store.leftovers()).toEqual([]);
  });

  it("streams a zip of stored blobs (files/zip.ts) with their exact bytes", async () => {
    const photo = randomBytes(200 * 1024);
    const report = Buffer.from("%PDF-1.4 a report ".repeat(1000));
    const stored = await Promise.all([storage.put(photo), storage.put(report)]);
    const mtime = new Date("2026-01-02T03:04:05Z");
    const zip = await readAll(
      zipFromStorage(storage, [
        { path: "ring/photo.jpg", storageKey: stored[0].key, size: photo.length, mtime, compress: false },
        { path: "ring/report.pdf", storageKey: stored[1].key, size: report.length, mtime, compress: true },
      ]),
    );
    const entries = await readZip(zip);
    expect(entries.get("ring/photo.jpg")).toEqual(photo);
    expect(entries.get("ring/report.pdf")).toEqual(report);
  });

  it("lists every complete blob with its size and when it was written, and only valid keys", async () => {
    const { key } = await storage.put(Buffer.from("listed"));
    const listed: ListedBlob[] = [];
    for await (const blob of storage.list()) listed.push(blob);
    const found = listed.find((blob) => blob.key === key);
    expect(found).toMatchObject({ key, size: 6 });
    expect(Math.abs(found!.modifiedAt.getTime() - Date.now())).toBeLessThan(5 * 60_000);
    expect(listed.every((blob) => isValidKey(blob.key))).toBe(true);
    await storage.delete(key);
    const after: string[] = [];
    for await (const blob of storage.list()) after.push(blob.key);
    expect(after).not.toContain(key);
  });

  it("removes unfinished writes (a crash mid-put) started before a time, and keeps younger ones", async () => {
    await store.leaveUnfinished();
    expect(await store.leftovers()).toHaveLength(1);
    // Started after an hour ago: possibly still in progress, kept.
    expect(await storage.removeUnfinished(new Date(Date.now() - 3_600_000))).toBe(0);
    expect(await store.leftovers()).toHaveLength(1);
    expect(await storage.removeUnfinished(new Date(Date.now() + 60_000))).toBe(1);
    expect(await store.leftovers()).toEqual([]);
    // The write in progress was not a blob: list() never showed it.
    for await (const blob of storage.list()) expect(blob.key).not.toMatch(/\.part$|^crashed-/);
  });

  it("answers check() true while the store is there, false once it is gone", async () => {
    expect(await storage.check()).toBe(true);
    const other = await open();
    try {
      expect(await other.storage.check()).toBe(true);
      await other.breakIt();
      expect(await other.storage.check()).toBe(false);
    } finally {
      await other.close();
    }
  });
});
