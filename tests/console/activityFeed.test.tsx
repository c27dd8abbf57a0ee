import { beforeEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { ActivityEntry } from "../../src/api/activity";
import ActivityFeedList from "../../src/resources/activity/ActivityFeedList";
import { ACTIVITY_ENTRY, CONTRACT } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { renderInAdmin } from "./harness/renderInAdmin";
import { user } from "./harness/resourceService";
import { server } from "./harness/server";

/**
 * /activity-feed (spec §2, everyone): the list as GET activity answers it (entries of the
 * contract's shape, which the service tests assert), newest first, with links to the records'
 * pages, its filters, and the "N new" chip that polls the first page and refreshes the list.
 */
interface Db {
  rows: ActivityEntry[];
  /** Every GET activity, as its URL. */
  lists: URL[];
  /** Answer the total as the service does past ACTIVITY_EXACT_TOTAL: "*" while a next page exists. */
  uncounted?: boolean;
}
let db: Db;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const unattributed: ActivityEntry = {
  ...CONTRACT.activity.unattributed.body[0]!,
  id: "entry-2",
  action: "create",
  createdAt: minutesAgo(90),
  recordId: "fw-2",
};

beforeEach(() => {
  db = { rows: [{ ...ACTIVITY_ENTRY, createdAt: minutesAgo(5) }, { ...unattributed }], lists: [] };
  server.use(
    http.get("*/api/activity", ({ request }) => {
      const url = new URL(request.url);
      db.lists.push(url);
      const filter = JSON.parse(url.searchParams.get("filter") ?? "{}") as Record<string, unknown>;
      const [start, end] = JSON.parse(url.searchParams.get("range") ?? "[0,24]") as [number, number];
      const rows = db.rows
        .filter((row) =>
          Object.entries(filter).every(([key, value]) => String(row[key as keyof ActivityEntry]) === String(value)),
        )
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
      const page = rows.slice(start, end + 1);
      const range = page.length ? `${start}-${start + page.length - 1}` : "*";
      const total = db.uncounted && rows.length > end + 1 ? "*" : String(rows.length);
      return HttpResponse.json(page, { headers: { "Content-Range": `activity ${range}/${total}` } });
    }),
    // The actor filter's options (ReferenceInput on users), for admins.
    http.get("*/api/users", () =>
      HttpResponse.json([user("u-2", "Manager")], { headers: { "Content-Range": "users 0-0/1" } }),
    ),
  );
});

const rows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

describe("/activity-feed", () => {
  it("lists who did what to which record and when, newest first, with links", async () => {
    await renderConsole("/activity-feed", { role: "Admin" });
    expect(await screen.findByRole("heading", { name: "Activity Feed" })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(JSON.parse(db.lists[0]!.searchParams.get("sort")!)).toEqual(["createdAt", "DESC"]);

    const [first, second] = rows();
    expect(within(first!).getByText("5 minutes ago")).toBeInTheDocument();
    expect(within(first!).getByRole("link", { name: "Alice Morgan" })).toHaveAttribute("href", "/users/user-Admin");
    expect(within(first!).getByText("Marked lost")).toBeInTheDocument();
    expect(within(first!).getByRole("link", { name: "Device: London counter" })).toHaveAttribute(
      "href",
      ACTIVITY_ENTRY.link!,
    );
    expect(within(first!).getByText("Admin Portal · Chrome 131")).toBeInTheDocument();
    // No actor: the service's own; no page to open: no link.
    expect(within(second!).getByText("The service")).toBeInTheDocument();
    expect(within(second!).getByText("Firmware fw-2")).toBeInTheDocument();
    expect(within(second!).queryByRole("link")).toBeNull();
    // Admins may pick whose entries.
    expect(screen.getByRole("combobox", { name: "Who" })).toBeInTheDocument();
  });

  it("filters by action and record type; a user has no actor filter", async () => {
    await renderConsole("/activity-feed", { role: "User" });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole("combobox", { name: "Who" })).toBeNull();

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Record" }));
    fireEvent.click(await screen.findByRole("option", { name: "Firmware" }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(JSON.parse(db.lists.at(-1)!.searchParams.get("filter")!)).toEqual({ resource: "firmware" });

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "What" }));
    fireEvent.click(await screen.findByRole("option", { name: "Marked lost" }));
    await waitFor(() => expect(screen.getByText("No activity matches these filters.")).toBeInTheDocument());
    expect(JSON.parse(db.lists.at(-1)!.searchParams.get("filter")!)).toEqual({
      resource: "firmware",
      action: "mark-lost",
    });
  });

  it("pages a log the service did not count to the end: 'of more than 1,000', then the next page", async () => {
    db.rows = Array.from({ length: 30 }, (_, n) => ({ ...ACTIVITY_ENTRY, id: `entry-${n}`, createdAt: minutesAgo(n) }));
    db.uncounted = true;
    await renderConsole("/activity-feed", { role: "Admin" });
    expect(await screen.findByText("1–25 of more than 1,000")).toBeInTheDocument();
    expect(rows()).toHaveLength(25);
    fireEvent.click(screen.getByRole("button", { name: "Go to next page" }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(JSON.parse(db.lists.at(-1)!.searchParams.get("range")!)).toEqual([25, 49]);
    // The last page is counted again: its total is exact.
    expect(screen.getByText("26-30 of 30")).toBeInTheDocument();
  });

  it("says when there is no activity yet", async () => {
    db.rows = [];
    await renderConsole("/activity-feed", { role: "Manager" });
    expect(await screen.findByText("No activity yet")).toBeInTheDocument();
  });

  it("polls the first page and offers the new entries in a chip that refreshes the list in place", async () => {
    renderInAdmin(<ActivityFeedList pollMs={60} />, { role: "User" });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const heading = screen.getByRole("heading", { name: "Activity Feed" });
    const listsBefore = db.lists.length;
    // Polls find nothing new: no chip.
    await waitFor(() => expect(db.lists.length).toBeGreaterThan(listsBefore + 1));
    expect(screen.queryByText(/new$/)).toBeNull();

    db.rows.push(
      { ...ACTIVITY_ENTRY, id: "entry-3", createdAt: minutesAgo(1), action: "update" },
      { ...ACTIVITY_ENTRY, id: "entry-4", createdAt: minutesAgo(0.5), action: "refund", resource: "payments" },
    );
    const chip = await screen.findByRole("button", { name: "2 new" });
    expect(rows()).toHaveLength(2);
    const polled = db.lists.at(-1)!;
    expect(JSON.parse(polled.searchParams.get("range")!)).toEqual([0, 24]);
    expect(JSON.parse(polled.searchParams.get("sort")!)).toEqual(["createdAt", "DESC"]);

    fireEvent.click(chip);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(within(rows()[0]!).getByText("Refunded")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "2 new" })).toBeNull();
    // The same page, refreshed, not reloaded.
    expect(screen.getByRole("heading", { name: "Activity Feed" })).toBe(heading);
  });
});
