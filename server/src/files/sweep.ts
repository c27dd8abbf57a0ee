/**
 * Nothing left behind (issue 12): what a crash (kill -9, a lost machine) or an abandoned request
 * leaves goes, at start-up and then every LEFTOVER_SWEEP_SECONDS, on every instance (a local
 * directory is each instance's own):
 *
 *   - unfinished writes of the store: `.incoming/<uuid>.part` files, unfinished S3 multipart uploads;
 *   - temporary upload folders (`gemtest-upload-*`, `gemtest-avatar-*` in the system's temp directory);
 *   - orphaned blobs: stored blobs that no row refers to (a test file, a firmware build, a bulk
 *     download's zip, a seeded photo, an avatar), and thumbnails whose photo is such a blob or gone
 *     (files/thumbnails.ts: a thumbnail's key is its photo's key plus `.w<width>.webp`).
 *
 * Only what is older than LEFTOVER_MIN_AGE_SECONDS (an hour) goes: a blob is stored a moment
 * before the row that refers to it is written, and an upload in progress has its folder and its
 * `.part` file; none of them is a leftover yet (docs/decisions.md "Leftover sweep").
 */
import { readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { LeftoverConfig } from "../config";
import type { Database } from "../db/client";
import { rowsOf } from "../resources/sql";
import type { Services } from "../services";
import { isValidKey, type FileStorage } from "./storage";
import { originalKeyOf } from "./thumbnails";

/** The prefixes of the temporary folders uploads stream into (files/uploads.ts, userSettings/avatar.ts). */
export const TEMP_UPLOAD_PREFIXES = ["gemtest-upload-", "gemtest-avatar-"] as const;

/** Keys checked against the database per query. */
const BATCH = 500;

export interface SweepResult {
  unfinished: number;
  tempFolders: number;
  orphans: number;
}

export interface SweepDeps {
  db: Database;
  storage: FileStorage;
  now: Date;
  minAgeMs: number;
  /** Where the temporary upload folders are: the system's temp directory (TMPDIR) by default. */
  tempRoot?: string;
}

/** Which of `keys` some row refers to. */
async function referencedKeys(db: Database, keys: string[]): Promise<Set<string>> {
  const list = sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  );
  const rows = await rowsOf(
    db,
    sql`select k as key from unnest(array[${list}]::text[]) as k
        where exists (select 1 from test_files where storage_key = k)
           or exists (select 1 from bulk_downloads where storage_key = k)
           or exists (select 1 from firmware where storage_key = k)
           or exists (select 1 from seed_photo_stones where storage_key = k)`,
  );
  return new Set(rows.map((row) => String(row.key)));
}

/** The keys of the avatars the service stores: users.avatar is `/api/users/{id}/avatar/{key}`. */
async function avatarKeys(db: Database): Promise<Set<string>> {
  const rows = await rowsOf(
    db,
    sql`select substring(avatar from '/avatar/([^/]+)$') as key from users where avatar like '/api/users/%/avatar/%'`,
  );
  return new Set(rows.map((row) => String(row.key)));
}

async function removeOrphans(deps: SweepDeps, before: Date): Promise<number> {
  const avatars = await avatarKeys(deps.db);
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    // A thumbnail is as referenced as its photo.
    const ownerOf = (key: string) => originalKeyOf(key) ?? key;
    const used = await referencedKeys(deps.db, [...new Set(batch.map(ownerOf))]);
    for (const key of batch) {
      if (used.has(ownerOf(key)) || avatars.has(key)) continue;
      await deps.storage.delete(key);
      removed++;
    }
    batch = [];
  };
  for await (const blob of deps.storage.list()) {
    if (blob.modifiedAt >= before || !isValidKey(blob.key)) continue;
    batch.push(blob.key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return removed;
}

async function removeTempFolders(root: string, before: Date): Promise<number> {
  const names = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!TEMP_UPLOAD_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    const path = join(root, name);
    const stats = await stat(path).catch(() => undefined);
    if (!stats?.isDirectory() || stats.mtime >= before) continue;
    await rm(path, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** One sweep: unfinished writes, temporary upload folders, then orphaned blobs. */
export async function sweepLeftovers(deps: SweepDeps): Promise<SweepResult> {
  const before = new Date(deps.now.getTime() - deps.minAgeMs);
  const unfinished = await deps.storage.removeUnfinished(before);
  const tempFolders = await removeTempFolders(deps.tempRoot ?? tmpdir(), before);
  const orphans = await removeOrphans(deps, before);
  return { unfinished, tempFolders, orphans };
}

export interface LeftoverSweeper {
  start(): void;
  /** Stops the timer and waits for the sweep in progress, if any. */
  stop(): Promise<void>;
  runNow(): Promise<SweepResult>;
}

export function leftoverSweeper(
  deps: Pick<SweepDeps, "db" | "storage"> & { clock: { now(): Date }; log: FastifyBaseLogger },
  config: LeftoverConfig,
): LeftoverSweeper {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<SweepResult> | undefined;
  const runNow = () =>
    (running ??= sweepLeftovers({ ...deps, now: deps.clock.now(), minAgeMs: config.minAgeMs })
      .then((result) => {
        if (result.unfinished + result.tempFolders + result.orphans > 0) {
          deps.log.info({ leftovers: result }, "removed leftover files");
        }
        return result;
      })
      .finally(() => {
        running = undefined;
      }));
  const runLogged = () =>
    void runNow().catch((error: unknown) => {
      // The next sweep finds whatever this one could not remove.
      deps.log.error({ err: error }, "leftover sweep failed");
    });
  return {
    start() {
      runLogged();
      if (config.intervalMs !== null) timer = setInterval(runLogged, config.intervalMs).unref();
    },
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
    runNow,
  };
}

/** Registered by app.ts: the sweep starts with the app (at start-up) and stops before the database closes. */
export function leftoverSweepOnSchedule(app: FastifyInstance, services: Services): void {
  const sweeper = leftoverSweeper(
    { db: services.db, storage: services.storage, clock: services.clock, log: app.log },
    services.config.leftovers,
  );
  app.addHook("onReady", async () => sweeper.start());
  app.addHook("onClose", async () => sweeper.stop());
}
