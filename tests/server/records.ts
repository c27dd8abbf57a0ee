/** Helpers for the test-record suites: fixtures, state snapshots, multipart bodies and zips. */
import { randomUUID } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import yauzl from "yauzl";
import { FILE_KIND } from "../../src/api/tests";
import type { Database } from "../../server/src/db/client";
import { testFiles, tests } from "../../server/src/db/schema";
import { SEED_IDS } from "../../server/src/db/seed";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import type { FileStorage } from "../../server/src/files/storage";
import { bearer, signIn, type TestApp } from "./helpers";

export const A = SEED_IDS.accounts;
export const B = SEED_IDS.businesses;
export const U = SEED_IDS.users;

export const EMAILS = {
  superAdmin: "superadmin@example.com",
  admin: "admin@example.com",
  manager: "manager@example.com",
  user: "user@example.com",
  secondUser: "daniel.kim@example.com",
  pastDueAdmin: "pastdue@example.com",
} as const;
export type Who = keyof typeof EMAILS;

/** Signs each demo user in once per file (Argon2 makes sign-ins slow) and hands out their tokens. */
export function tokens(app: () => FastifyInstance): (who: Who) => Promise<string> {
  const cache = new Map<Who, Promise<string>>();
  return (who) => {
    let token = cache.get(who);
    if (!token) {
      token = signIn(app(), EMAILS[who]).then((session) => session.accessToken);
      cache.set(who, token);
    }
    return token;
  };
}

export interface FixtureOptions {
  accountId?: string;
  businessId?: string;
  createdBy?: string;
  deviceId?: string;
  name?: string;
  date?: Date;
  sharedAt?: Date | null;
  deletedAt?: Date | null;
  sku?: string;
  customer?: string;
  vendorName?: string;
  /** How many photos (own blobs) to give it; kinds cycle through Result, Luv, … */
  photos?: number;
}

/** A test of our own, with photos whose blobs no other row shares. Defaults: Brilliant Gems, London, by the user. */
export async function insertTest(
  db: Database,
  storage: FileStorage,
  options: FixtureOptions = {},
): Promise<{ id: string; fileIds: string[]; storageKeys: string[] }> {
  const id = randomUUID();
  await db.insert(tests).values({
    id,
    name: options.name ?? `Fixture ${id.slice(0, 8)}`,
    accountId: options.accountId ?? A.brilliantGems,
    businessId: options.businessId ?? B.brilliantLondon,
    createdBy: options.createdBy ?? U.user,
    deviceId: options.deviceId ?? SEED_DEVICE_IDS.londonSherlock,
    date: options.date ?? new Date(),
    notes: ["fixture"],
    sku: options.sku ?? "",
    customer: options.customer ?? "",
    vendorName: options.vendorName ?? "",
    sharedAt: options.sharedAt ?? null,
    deletedAt: options.deletedAt ?? null,
  });
  const kinds = [FILE_KIND.Result, FILE_KIND.Luv, FILE_KIND.Glowing, FILE_KIND.Coloured, FILE_KIND.Original];
  const fileIds: string[] = [];
  const storageKeys: string[] = [];
  for (let i = 0; i < (options.photos ?? 2); i++) {
    const bytes = pngBytes(`${id}-${i}`);
    const { key, size } = await storage.put(bytes);
    const fileId = randomUUID();
    await db.insert(testFiles).values({
      id: fileId,
      testId: id,
      name: `photo-${i + 1}.png`,
      storageKey: key,
      group: 0,
      type: "image",
      kind: kinds[i % kinds.length]!,
      size,
      contentType: "image/png",
    });
    fileIds.push(fileId);
    storageKeys.push(key);
  }
  return { id, fileIds, storageKeys };
}

/** Bytes that start like a PNG (enough for the content check), different per label. */
export const pngBytes = (label: string) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`fake png ${label}`)]);

/** Everything a refused request must leave as it was: table checksums and the storage directory. */
export async function snapshot(t: TestApp): Promise<{ database: unknown; files: string[] }> {
  const checksum = async (table: string) => {
    const result = await t.db.execute(
      sql.raw(
        `select count(*)::int as n, coalesce(md5(string_agg(x::text, ',' order by x.id)), '') as sum from ${table} x`,
      ),
    );
    return (result as unknown as { rows: unknown[] }).rows[0];
  };
  return {
    database: {
      tests: await checksum("tests"),
      testFiles: await checksum("test_files"),
      bulkDownloads: await checksum("bulk_downloads"),
    },
    files: await listFiles(t.config.filesDir),
  };
}

/** Every file under dir (recursively) with its size, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (at: string) => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) await walk(path);
      else {
        // A file can go between readdir and stat (a background zip's .part, renamed or removed): it
        // is not there any more, so it is not listed.
        const size = await stat(path).then(
          (found) => found.size,
          (error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? undefined : Promise.reject(error)),
        );
        if (size !== undefined) found.push(`${relative(dir, path)}:${size}`);
      }
    }
  };
  await walk(dir);
  return found.sort();
}

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipart(
  fields: Record<string, string>,
  files: { field?: string; name: string; content: Buffer; type?: string }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----gemtest${randomUUID().replaceAll("-", "")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "files"}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** The entries of a zip, name → bytes, read with yauzl (not the service's own code). */
export function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error("no zip"));
      const entries = new Map<string, Buffer>();
      zip.on("error", reject);
      zip.on("end", () => resolve(entries));
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith("/")) {
          entries.set(entry.fileName, Buffer.alloc(0));
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

export const get = (app: FastifyInstance, url: string, token?: string) =>
  app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });

export const messageOf = (response: LightMyRequestResponse) => response.json<{ message: string }>().message;
