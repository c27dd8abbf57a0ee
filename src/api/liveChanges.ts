/**
 * Live changes (docs/api.md "Live changes"): `GET events` is a Server-Sent Events stream telling a
 * signed-in console which of its lists changed, so that it asks for them again. An event names a
 * resource, never a record or its data: the list asked again is scoped by its own route.
 *
 * Optional: a service that follows spec §7 alone answers 404 there, and the console works as
 * without it (its polling stays).
 */

/** The resources a change may concern: the lists', and the jobs' a page follows. */
export const LIVE_RESOURCES = [
  "accounts",
  "businesses",
  "users",
  "devices",
  "tests",
  "ai-jobs",
  "bulk-downloads",
  "subscriptions",
  "payments",
  "firmware",
  "discounts",
  "activity",
  "scheduled-actions",
  "forced-resets",
] as const;

export type LiveResource = (typeof LIVE_RESOURCES)[number];

export const isLiveResource = (value: unknown): value is LiveResource =>
  typeof value === "string" && (LIVE_RESOURCES as readonly string[]).includes(value);

/** The path of the stream under the API's base URL. */
export const LIVE_CHANGES_PATH = "events";

/**
 * The events of the stream: first `ready`, with the id of where the stream stands; `change` (data
 * `{"resource": …}`, with an `id` to resume from); and `reset` when the stream cannot tell what
 * was missed since the `Last-Event-ID` it was given (the service restarted, or another instance
 * answered): everything shown may have changed.
 */
export const LIVE_EVENT = { ready: "ready", change: "change", reset: "reset" } as const;

export interface LiveChange {
  resource: LiveResource;
}

/** The most streams one user may hold open on one instance (a stream per tab); one more gets 429. */
export const MAX_LIVE_STREAMS_PER_USER = 8;
