/**
 * Live changes, the console's rules: reading the event stream (any split of the text), following
 * it over the HTTP client (resuming with Last-Event-ID, stopping for good without a stream), which
 * queries a change asks again, and how often.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryStorage, createSessionStore } from "../../src/authProvider/session";
import { STORAGE_KEYS } from "../../src/config";
import { eventStreamParser, type StreamEvent } from "../../src/dataProvider/eventStream";
import { createHttpClient } from "../../src/dataProvider/httpClient";
import { createLiveChangeCalls, reconnectDelay } from "../../src/dataProvider/liveChangeCalls";
import { isRefreshedBy } from "../../src/custom/liveChanges/liveQueries";
import { refreshPace } from "../../src/custom/liveChanges/refreshPace";
import { tokenExpiringIn } from "./helpers/jwt";

describe("eventStreamParser", () => {
  const parse = (chunks: string[]) => {
    const events: StreamEvent[] = [];
    const feed = eventStreamParser((event) => events.push(event));
    for (const chunk of chunks) feed(chunk);
    return events;
  };

  it("reads events split anywhere, with LF, CRLF or CR line ends", () => {
    const text = 'id: a-1\r\nevent: change\r\ndata: {"resource":"tests"}\r\n\r\nevent: reset\rdata: {}\r\r';
    const whole = parse([text]);
    expect(whole).toEqual([
      { id: "a-1", event: "change", data: '{"resource":"tests"}' },
      { id: "a-1", event: "reset", data: "{}" },
    ]);
    // Every split of the same text gives the same events (a CRLF cut in two included).
    for (let cut = 1; cut < text.length; cut++) expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
  });

  it("skips comments and events without data, joins data lines, keeps the last id", () => {
    expect(parse([": still here\n\nid: x-2\n\ndata: one\ndata: two\n\n", "data:three\n\n"])).toEqual([
      { id: "x-2", event: "message", data: "one\ntwo" },
      { id: "x-2", event: "message", data: "three" },
    ]);
  });

  it("dispatches nothing for an event the stream has not finished", () => {
    expect(parse(["event: change\ndata: {}\n"])).toEqual([]);
  });
});

describe("followLiveChanges", () => {
  const NOW = Date.now();
  const encoder = new TextEncoder();

  /** A client whose fetch answers each call with the next of `answers`, recording the requests. */
  function follow(answers: (() => Response)[]) {
    const requests: Request[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(input, init));
      const next = answers.shift();
      // Then a stream that never answers, until the console stops following.
      if (!next) {
        return new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        );
      }
      return next();
    });
    const session = createSessionStore(
      createMemoryStorage({
        [STORAGE_KEYS.userInfo]: JSON.stringify({
          id: "u1",
          isLoggedIn: true,
          token: tokenExpiringIn(3600, NOW),
          refreshToken: "r",
        }),
      }),
    );
    const calls = createLiveChangeCalls(
      createHttpClient({
        baseUrl: "http://api.test/api",
        fetch: fetch as typeof globalThis.fetch,
        session,
        now: () => NOW,
      }),
    );
    const heard: string[] = [];
    const stop = new AbortController();
    const following = calls.followLiveChanges(
      {
        onChange: (resource) => heard.push(resource),
        onReset: () => heard.push("reset"),
        onConnected: (open) => heard.push(open ? "open" : "closed"),
      },
      stop.signal,
    );
    return { requests, heard, stop, following };
  }

  const stream = (text: string) => () =>
    new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode(text));
          controller.close();
        },
      }),
      { headers: { "content-type": "text/event-stream" } },
    );

  it("stops for good when the service has no stream (404)", async () => {
    const { requests, heard, following } = follow([
      () => Response.json({ message: "Not found: GET /api/events" }, { status: 404 }),
    ]);
    await following;
    expect(requests).toHaveLength(1);
    expect(heard).toEqual(["closed"]);
  });

  it("hands on changes and resets, ignores what it does not know, and resumes from the last id", async () => {
    const { requests, heard, stop, following } = follow([
      stream(
        'id: f-0\nevent: ready\ndata: {}\n\nid: f-1\nevent: change\ndata: {"resource":"devices"}\n\n' +
          'id: f-2\nevent: change\ndata: {"resource":"nobody-knows"}\n\nevent: reset\ndata: {}\n\n',
      ),
      stream('id: f-3\nevent: ready\ndata: {}\n\nid: f-4\nevent: change\ndata: {"resource":"activity"}\n\n'),
    ]);
    await vi.waitFor(() => expect(requests).toHaveLength(3), { timeout: 10_000 });
    expect(requests[0]!.headers.get("authorization")).toMatch(/^Bearer /);
    expect(requests[0]!.headers.get("last-event-id")).toBeNull();
    expect(requests[1]!.headers.get("last-event-id")).toBe("f-2");
    expect(requests[2]!.headers.get("last-event-id")).toBe("f-4");
    expect(heard).toEqual(["open", "devices", "reset", "closed", "open", "activity", "closed"]);
    stop.abort();
    await following;
  });

  it("waits longer and longer while the stream keeps failing, up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(reconnectDelay)).toEqual([
      500, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe("isRefreshedBy", () => {
  it("asks again for a resource's lists and figures, never a record an edit form holds", () => {
    expect(isRefreshedBy("devices", ["devices", "getList", {}])).toBe(true);
    expect(isRefreshedBy("devices", ["lost-devices", "getList", {}])).toBe(true);
    expect(isRefreshedBy("devices", ["dashboard"])).toBe(true);
    expect(isRefreshedBy("devices", ["devices", "getOne", { id: "d1" }])).toBe(false);
    expect(isRefreshedBy("devices", ["users", "getList", {}])).toBe(false);
    expect(isRefreshedBy("users", ["invitations", "getList", {}])).toBe(true);
    // A job's state is only shown: its record too.
    expect(isRefreshedBy("bulk-downloads", ["bulk-downloads", "getOne", { id: "z1" }])).toBe(true);
    expect(isRefreshedBy("all", ["payments", "getList", {}])).toBe(true);
    expect(isRefreshedBy("all", ["preferences", "u1"])).toBe(false);
  });
});

describe("refreshPace", () => {
  afterEach(() => vi.useRealTimers());

  it("refreshes at once, then folds the changes of a gap into one refresh at its end", () => {
    vi.useFakeTimers();
    const refreshed: string[] = [];
    const pace = refreshPace<string>((key) => refreshed.push(key), 1_000);
    pace.changed("tests");
    pace.changed("tests");
    pace.changed("tests");
    pace.changed("users");
    expect(refreshed).toEqual(["tests", "users"]);
    vi.advanceTimersByTime(1_000);
    expect(refreshed).toEqual(["tests", "users", "tests"]);
    vi.advanceTimersByTime(1_000);
    expect(refreshed).toEqual(["tests", "users", "tests"]);
    pace.changed("tests");
    expect(refreshed).toEqual(["tests", "users", "tests", "tests"]);
    pace.changed("tests");
    pace.cancel();
    vi.advanceTimersByTime(5_000);
    expect(refreshed).toHaveLength(4);
  });
});
