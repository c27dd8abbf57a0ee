/**
 * The live changes heard from the database (migration 0015: every committed change to a table a
 * list shows is announced with its resource and account), numbered for the streams of this
 * instance and kept a while, so that a stream resumed with `Last-Event-ID` gets what it missed.
 *
 * An id is this feed's own (`<feed>-<n>`): another instance, or this one after a restart, does not
 * know it, and a stream resumed there starts with `reset` (everything shown may have changed). So
 * does every open stream when the listening connection was lost and announcements may be missing.
 */
import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { isLiveResource, type LiveResource } from "../../../src/api/liveChanges";
import type { Database } from "../db/client";
import { channelsOf } from "../db/notifications";

/** The channel of migration 0015's announcements. */
const CHANNEL = "list_changes";

/** How many changes a feed keeps for resumed streams: minutes of a busy service's changes. */
const KEPT_CHANGES = 1_000;

export interface LiveChangeEvent {
  id: string;
  resource: LiveResource;
  /** The account whose records changed; null for records of no account (super admins only). */
  accountId: string | null;
}

/** A change, or "reset": changes may have been missed, everything shown may be out of date. */
export type FeedListener = (event: LiveChangeEvent | "reset") => void;

export interface LiveChangeFeed {
  /** Resolves once the database's announcements are heard (false: this database has none). */
  readonly listening: Promise<boolean>;
  start(): void;
  stop(): Promise<void>;
  subscribe(listener: FeedListener): () => void;
  /** The id a stream opened now resumes from: the latest change's (or where the numbering starts). */
  latestId(): string;
  /** The changes after the one with this id, in order; null when this feed does not know the id. */
  after(lastId: string): LiveChangeEvent[] | null;
}

/** An announcement's resource and account, or null for one this service did not make. */
function readAnnouncement(payload: string): Omit<LiveChangeEvent, "id"> | null {
  try {
    const { r, a } = JSON.parse(payload) as { r?: unknown; a?: unknown };
    if (!isLiveResource(r) || (a !== null && typeof a !== "string")) return null;
    return { resource: r, accountId: a };
  } catch {
    return null;
  }
}

export function liveChangeFeed(db: Database, log: FastifyBaseLogger): LiveChangeFeed {
  const name = randomBytes(4).toString("hex");
  /** The number of the next change; `kept[0]` has number `next - kept.length`. */
  let next = 1;
  const kept: LiveChangeEvent[] = [];
  const listeners = new Set<FeedListener>();
  let stopListening: (() => Promise<void>) | undefined;
  let stopped = false;
  let resolveListening: (listening: boolean) => void = () => undefined;
  const listening = new Promise<boolean>((resolve) => (resolveListening = resolve));

  const tell = (event: LiveChangeEvent | "reset") => {
    for (const listener of listeners) listener(event);
  };
  const hear = (payload: string) => {
    const announcement = readAnnouncement(payload);
    if (!announcement) return;
    const event = { id: `${name}-${next++}`, ...announcement };
    kept.push(event);
    if (kept.length > KEPT_CHANGES) kept.shift();
    tell(event);
  };
  const missedSome = () => {
    kept.length = 0;
    // Skipped: an id given before the gap is never "the latest" again.
    next += 1;
    tell("reset");
  };

  return {
    listening,
    start() {
      const channels = channelsOf(db);
      if (!channels) return resolveListening(false);
      channels.listen(CHANNEL, hear, missedSome).then(
        (stop) => {
          if (stopped) return void stop().catch(() => undefined);
          stopListening = stop;
          resolveListening(true);
        },
        (error: unknown) => {
          log.error({ err: error }, "live changes: cannot listen to the database");
          resolveListening(false);
        },
      );
    },
    async stop() {
      stopped = true;
      resolveListening(false);
      listeners.clear();
      // A database closed already (or gone) has nobody listening on it any more.
      await stopListening?.().catch(() => undefined);
      stopListening = undefined;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    latestId: () => `${name}-${next - 1}`,
    after(lastId) {
      const [feed, number] = lastId.split("-");
      const n = Number(number);
      if (feed !== name || !Number.isInteger(n)) return null;
      if (n === next - 1) return [];
      const position = n - (next - kept.length);
      return position >= 0 && position < kept.length ? kept.slice(position + 1) : null;
    },
  };
}
