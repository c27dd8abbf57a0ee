/**
 * Live changes (docs/api.md "Live changes"): the console follows `GET events`, a Server-Sent Events
 * stream of the resources whose records changed, over its own HTTP client (the bearer, the early
 * refresh, the end of the session as on every call; EventSource could send no bearer).
 *
 * The stream is optional: a service without it (404, 405 or 501) is not asked again for this page,
 * and the console works as without it. A stream that ends or fails is opened again, soon after a
 * stream that worked and then less and less often while it keeps failing, resuming from the last
 * event's id (every stream starts with `ready` and its id) so that the service sends what was
 * missed in between, or `reset`.
 */
import { HttpError } from "react-admin";
import { isLiveResource, LIVE_CHANGES_PATH, LIVE_EVENT, type LiveResource } from "../api/liveChanges";
import { readEventStream } from "./eventStream";
import type { HttpClient } from "./httpClient";

export interface LiveChangeHandlers {
  /** Records of this resource changed: what shows it should ask again. */
  onChange(resource: LiveResource): void;
  /** Changes may have been missed: everything shown may be out of date. */
  onReset(): void;
  /** Whether the stream is open now (false also once the service turned out to have none). */
  onConnected(connected: boolean): void;
  /**
   * The service ended a stream that worked: its sign-in no longer holds as it was (a role or an
   * account changed, the user disabled, signed out elsewhere) or the service is going away.
   */
  onEnded?(): void;
}

export interface LiveChangeCalls {
  /** Follows the stream until `signal` aborts; resolves then, or once the service turns out to have none. */
  followLiveChanges(handlers: LiveChangeHandlers, signal: AbortSignal): Promise<void>;
}

/** The answers that say this service has no stream. */
const NO_STREAM = new Set([404, 405, 501]);

/** The wait before opening the stream again after `failures` failures in a row. */
export const reconnectDelay = (failures: number) => (failures === 0 ? 500 : Math.min(30_000, 1_000 * 2 ** failures));

const resourceOf = (data: string): LiveResource | null => {
  try {
    const { resource } = JSON.parse(data) as { resource?: unknown };
    return isLiveResource(resource) ? resource : null;
  } catch {
    return null;
  }
};

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

export function createLiveChangeCalls(httpClient: HttpClient): LiveChangeCalls {
  return {
    async followLiveChanges(handlers, signal) {
      let lastId: string | undefined;
      let failures = 0;
      while (!signal.aborted) {
        try {
          const response = await httpClient.send(LIVE_CHANGES_PATH, {
            headers: { accept: "text/event-stream", ...(lastId === undefined ? {} : { "last-event-id": lastId }) },
            signal,
          });
          if (!response.body) throw new Error("no stream");
          let ready = false;
          for await (const event of readEventStream(response.body)) {
            if (event.id !== undefined) lastId = event.id;
            if (event.event === LIVE_EVENT.ready && !ready) {
              ready = true;
              failures = 0;
              handlers.onConnected(true);
            }
            if (event.event === LIVE_EVENT.reset) handlers.onReset();
            if (event.event !== LIVE_EVENT.change) continue;
            const resource = resourceOf(event.data);
            if (resource) handlers.onChange(resource);
          }
          // Ended: after it said where it stood, a stream the service closed (the sign-in
          // no longer holds); before, one that does not work (a proxy closing it).
          if (!ready) failures += 1;
          else handlers.onEnded?.();
        } catch (error) {
          if (signal.aborted) return;
          if (error instanceof HttpError && NO_STREAM.has(error.status)) return handlers.onConnected(false);
          failures += 1;
        }
        handlers.onConnected(false);
        await pause(reconnectDelay(failures), signal);
      }
    },
  };
}
