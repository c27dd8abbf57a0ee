import { beforeEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { ActivityEntry } from "../../src/api/activity";
import type { GalleryItem } from "../../src/api/tests";
import type { Role } from "../../src/api/types";
import { ACTIVITY_ENTRY, CONTRACT } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { user } from "./harness/resourceService";
import { reply, server, userFor } from "./harness/server";

/**
 * Lists that update themselves (docs/api.md "Live changes"): the signed-in console follows
 * GET events and asks again for the lists a change concerns, here the Activity Feed; a stream
 * that ends is opened again from its last event's id; a reset asks again for everything shown.
 */
interface Db {
  rows: ActivityEntry[];
  lists: number;
}
let db: Db;
const encoder = new TextEncoder();

/** The service's stream, held open: each GET events, and what the test sends down the latest one. */
function liveService() {
  const opened: Request[] = [];
  let current: ReadableStreamDefaultController<Uint8Array> | undefined;
  server.use(
    http.get("*/api/events", ({ request }) => {
      opened.push(request);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          current = controller;
          controller.enqueue(encoder.encode(`id: feed-${opened.length}0\nevent: ready\ndata: {}\n\n`));
        },
      });
      return new HttpResponse(body, { headers: { "content-type": "text/event-stream; charset=utf-8" } });
    }),
  );
  return {
    opened,
    send: (text: string) => current!.enqueue(encoder.encode(text)),
    end: () => current!.close(),
  };
}

beforeEach(() => {
  db = { rows: [{ ...ACTIVITY_ENTRY, createdAt: new Date(Date.now() - 300_000).toISOString() }], lists: 0 };
  server.use(
    http.get("*/api/activity", () => {
      db.lists += 1;
      const rows = [...db.rows].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
      return HttpResponse.json(rows, { headers: { "Content-Range": `activity 0-${rows.length - 1}/${rows.length}` } });
    }),
    http.get("*/api/users", () =>
      HttpResponse.json([user("u-2", "Manager")], { headers: { "Content-Range": "users 0-0/1" } }),
    ),
  );
});

const rows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

describe("live changes", () => {
  it("shows an entry written elsewhere in the open Activity Feed, without a reload", async () => {
    const live = liveService();
    await renderConsole("/activity-feed", { role: "Admin" });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() => expect(live.opened).toHaveLength(1));
    expect(live.opened[0]!.headers.get("authorization")).toMatch(/^Bearer /);

    db.rows.push({ ...CONTRACT.activity.unattributed.body[0]!, id: "entry-new", createdAt: new Date().toISOString() });
    live.send('id: feed-11\nevent: change\ndata: {"resource":"activity"}\n\n');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]!).getByText("The service")).toBeInTheDocument();
    // Nothing to click: the list asked again by itself, no "N new" to act on.
    expect(screen.queryByText(/new entr/i)).not.toBeInTheDocument();
  });

  it("shows a test made elsewhere in the open gallery (react-admin's list of tests)", async () => {
    const live = liveService();
    const test = (id: string, name: string): GalleryItem => ({
      id,
      name,
      device: { name: "Box 1", type: 5001 },
      account: { id: "acc-1", name: "Brilliant Gems Ltd" },
      business: { name: "Main Street Store" },
      date: new Date().toISOString(),
      sku: "SKU-1",
      customer: "Jane",
      vendorName: "Vendor",
      isCopied: false,
      thumbnail: null,
    });
    const tests = [test("t-old", "Older test")];
    server.use(
      http.get("*/api/tests", () =>
        HttpResponse.json(tests, { headers: { "Content-Range": `tests 0-${tests.length - 1}/${tests.length}` } }),
      ),
    );
    await renderConsole("/gallery?pageSize=10&page=1", { role: "User" });
    expect(await screen.findByRole("article", { name: "Older test" })).toBeInTheDocument();
    await waitFor(() => expect(live.opened).toHaveLength(1));
    tests.unshift(test("t-new", "Newer test"));
    live.send('id: feed-11\nevent: change\ndata: {"resource":"tests"}\n\n');
    expect(await screen.findByRole("article", { name: "Newer test" })).toBeInTheDocument();
    expect(window.location.search).toBe("?pageSize=10&page=1");
  });

  it("leaves the lists alone for a change of another resource, asks again for all on a reset", async () => {
    const live = liveService();
    await renderConsole("/activity-feed", { role: "Admin" });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() => expect(live.opened).toHaveLength(1));
    const asked = db.lists;
    live.send('id: feed-11\nevent: change\ndata: {"resource":"firmware"}\n\n');
    live.send("event: reset\ndata: {}\n\n");
    await waitFor(() => expect(db.lists).toBe(asked + 1));
  });

  it("opens the stream again after it ends, from the last event's id", async () => {
    const live = liveService();
    await renderConsole("/activity-feed", { role: "Admin" });
    await waitFor(() => expect(live.opened).toHaveLength(1));
    live.send('id: feed-12\nevent: change\ndata: {"resource":"devices"}\n\n');
    live.end();
    await waitFor(() => expect(live.opened).toHaveLength(2));
    expect(live.opened[1]!.headers.get("last-event-id")).toBe("feed-12");
  });

  it("takes the user as they are now when the service ends the stream: a manager demoted meanwhile loses Users", async () => {
    const live = liveService();
    let role: Role = "Manager";
    server.use(
      http.post("*/api/verify-token", () =>
        reply(CONTRACT.verifyToken.ok, { valid: true, user: { ...userFor(role), id: "user-Manager" } }),
      ),
    );
    await renderConsole("/activity-feed", { role: "Manager" });
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    await waitFor(() => expect(live.opened).toHaveLength(1));
    expect(within(nav).getByRole("link", { name: "Users" })).toBeInTheDocument();
    // Demoted by a super admin: the service ends the stream, whose sign-in no longer holds as it was.
    role = "User";
    live.end();
    await waitFor(() => expect(within(nav).queryByRole("link", { name: "Users" })).toBeNull());
  });
});
