/**
 * Answers to repeated reads, kept until the data may have changed — on the embedded database only.
 *
 * A PGlite data directory belongs to one process, so every change to its data passes through this
 * process's client: wrapping that client tells exactly when the data may have changed (any
 * statement that is not a plain SELECT, and every transaction). Until then the same read gives the
 * same answer, so the guard's "who is this token's user, is the sign-in live" and a list's total
 * need not be asked again for every request (issue 13: the embedded database runs on the service's
 * own thread, one statement at a time, so each statement saved is throughput for everyone).
 *
 * On PostgreSQL other instances write too and nobody tells this one: there is no cache there
 * (`readCacheOf` answers one that never remembers).
 *
 * What may be remembered is the caller's choice: a read whose answer depends only on the data,
 * never on the time (`now()`) or on anything else outside the database.
 */
import type { PGlite } from "@electric-sql/pglite";
import { isPlainRead } from "./preparedReads";

export interface ReadCache {
  /** The answer remembered for `key` since the data last changed, if any. */
  get<T>(key: string): T | undefined;
  /**
   * Where the data stands now: take it before a read, and give it back to `set` with the answer,
   * so that an answer read while the data was changing is not remembered.
   */
  version(): number;
  set(key: string, value: unknown, readAt: number): void;
}

/** Bounds the memory: far more than the distinct reads a busy console makes between two writes. */
const MAX_ENTRIES = 2_000;

const neverRemembers: ReadCache = {
  get: () => undefined,
  version: () => 0,
  set: () => undefined,
};

const caches = new WeakMap<object, ReadCache>();

/** The read cache of a database (the drizzle object): PGlite's, or one that never remembers. */
export const readCacheOf = (db: object): ReadCache => caches.get(db) ?? neverRemembers;

/** Whether reads of this database (the drizzle object) are remembered: the embedded database's are. */
export const remembersReads = (db: object): boolean => caches.has(db);

/**
 * Wraps `client` so that every statement that may change its data forgets what was remembered,
 * and registers the cache for `db`, the drizzle object over that client.
 */
export function cacheReadsOf(client: PGlite, db: object): ReadCache {
  let current = 0;
  const entries = new Map<string, unknown>();
  const changed = () => {
    current++;
    entries.clear();
  };

  // Before and after: a read that starts while a change is under way is not remembered, nor is
  // one that starts before a change and ends after it.
  const wrap = (method: "query" | "exec" | "transaction", mayChange: (args: unknown[]) => boolean) => {
    const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      if (!mayChange(args)) return original(...args);
      changed();
      try {
        return await original(...args);
      } finally {
        changed();
      }
    };
  };
  wrap("query", ([text]) => !isPlainRead(String(text)));
  wrap("exec", () => true);
  wrap("transaction", () => true);

  const cache: ReadCache = {
    get: <T>(key: string) => entries.get(key) as T | undefined,
    version: () => current,
    set(key, value, readAt) {
      if (readAt !== current) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, value);
    },
  };
  caches.set(db, cache);
  return cache;
}
