/**
 * Hears a channel's NOTIFY announcements, on either database (the live changes' source,
 * liveChanges/feed.ts).
 *
 * PGlite: its own client hears them, after the statement that committed them (one process owns the
 * data directory, so every change passes through it). PostgreSQL: one connection of its own per
 * channel, outside the pool (LISTEN belongs to a session, and the pool recycles its connections);
 * when that connection is lost it reconnects, and `onGap` says announcements may have been missed.
 */
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export interface Channels {
  /** Calls `onPayload` with each announcement on `channel`; resolves to what stops listening. */
  listen(channel: string, onPayload: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
}

/** How long a lost PostgreSQL listening connection waits before connecting again. */
const RECONNECT_MS = 1_000;

const channelsByDb = new WeakMap<object, Channels>();

/** The announcements of a database (the drizzle object), when it was opened by client.ts. */
export const channelsOf = (db: object): Channels | undefined => channelsByDb.get(db);

export function listenThroughPglite(client: PGlite, db: object): void {
  channelsByDb.set(db, {
    async listen(channel, onPayload) {
      const stop = await client.listen(channel, onPayload);
      return () => stop();
    },
  });
}

export function listenThroughPostgres(connectionString: string, db: object): void {
  channelsByDb.set(db, {
    async listen(channel, onPayload, onGap) {
      let stopped = false;
      let current: pg.Client | null = null;
      let retry: NodeJS.Timeout | undefined;

      const connect = async (afterLoss: boolean) => {
        const client = new pg.Client({ connectionString });
        let lost = false;
        const onLost = () => {
          if (lost) return;
          lost = true;
          if (current === client) current = null;
          client.end().catch(() => undefined);
          if (!stopped) retry = setTimeout(() => void connect(true), RECONNECT_MS);
        };
        client.on("notification", (message) => {
          if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
        });
        client.on("error", onLost);
        client.on("end", onLost);
        try {
          await client.connect();
          await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
        } catch {
          onLost();
          return;
        }
        if (stopped) {
          lost = true;
          await client.end().catch(() => undefined);
          return;
        }
        current = client;
        if (afterLoss) onGap();
      };

      await connect(false);
      return async () => {
        stopped = true;
        clearTimeout(retry);
        const client = current;
        current = null;
        await client?.end().catch(() => undefined);
      };
    },
  });
}
