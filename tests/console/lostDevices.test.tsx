import { beforeEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { LostDevice } from "../../src/api/lostDevices";
import { CONTRACT, LOST_DEVICE } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { account, device } from "./harness/resourceService";
import { reply, server } from "./harness/server";

/**
 * /lost-devices (spec §2, super admins): the list as GET lost-devices answers it (rows of the
 * contract's shape, which the service tests assert), its filters, and mark found
 * (POST devices/{id}/mark-found with the row's version; 409 when stale, then the list reloads).
 */
const CONFLICT_TOAST =
  "This record was changed by someone else. Reloaded: the latest version is shown with your edits on top.";

interface Db {
  rows: LostDevice[];
  /** Every GET lost-devices, as its URL. */
  lists: URL[];
  posts: { path: string; body: unknown }[];
}
let db: Db;

const unrecorded: LostDevice = {
  ...CONTRACT.lostDevices.unrecorded.body[0]!,
  id: "d-2",
  version: 1,
  serialNumber: "WT-0002",
  typeCode: 6501,
  customBoxName: null,
  accountId: "acc-2",
  accountName: "Obsidian Co",
};

function serve() {
  server.use(
    http.get("*/api/lost-devices", ({ request }) => {
      const url = new URL(request.url);
      db.lists.push(url);
      const filter = JSON.parse(url.searchParams.get("filter") ?? "{}") as Record<string, unknown>;
      const [start, end] = JSON.parse(url.searchParams.get("range") ?? "[0,24]") as [number, number];
      const rows = db.rows.filter((row) =>
        Object.entries(filter).every(([key, value]) => String(row[key as keyof LostDevice]) === String(value)),
      );
      const page = rows.slice(start, end + 1);
      const range = page.length ? `${start}-${start + page.length - 1}` : "*";
      return HttpResponse.json(page, { headers: { "Content-Range": `lost-devices ${range}/${rows.length}` } });
    }),
    // The account filter's options (ReferenceInput on accounts).
    http.get("*/api/accounts", () => {
      const accounts = [{ ...account(1), name: "Brilliant Gems Ltd" }];
      return HttpResponse.json(accounts, { headers: { "Content-Range": "accounts 0-0/1" } });
    }),
    http.post("*/api/devices/:id/mark-found", async ({ params, request }) => {
      const body = (await request.json()) as { version: number };
      const path = `devices/${String(params.id)}/mark-found`;
      db.posts.push({ path, body });
      const index = db.rows.findIndex((row) => row.id === params.id);
      const row = db.rows[index]!;
      if (row.version !== body.version) return reply(CONTRACT.lostDevices.markFound.stale);
      db.rows.splice(index, 1);
      return HttpResponse.json(device({ id: row.id, version: row.version + 1, status: "active" }));
    }),
  );
}

beforeEach(() => {
  db = { rows: [{ ...LOST_DEVICE }, { ...unrecorded }], lists: [], posts: [] };
  serve();
});

const rows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);
const rowOf = (serial: string) => rows().find((row) => within(row).queryByText(serial))!;

describe("/lost-devices", () => {
  it("lists lost devices: when and by whom, the last test and the account, with links", async () => {
    await renderConsole("/lost-devices", { role: "SuperAdmin" });
    expect(await screen.findByRole("heading", { name: "Lost Devices" })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(JSON.parse(db.lists[0]!.searchParams.get("sort")!)).toEqual(["lostAt", "DESC"]);

    const row = rowOf(LOST_DEVICE.serialNumber);
    expect(within(row).getByRole("link", { name: LOST_DEVICE.serialNumber })).toHaveAttribute(
      "href",
      `/devices/${LOST_DEVICE.id}`,
    );
    expect(within(row).getByText("Sherlock Holmes 4.0")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Brilliant Gems Ltd" })).toHaveAttribute("href", "/accounts/acc-1");
    expect(within(row).getByRole("link", { name: LOST_DEVICE.lostByName! })).toHaveAttribute(
      "href",
      "/users/user-SuperAdmin",
    );
    expect(within(row).getByText("03/05/2026, 02:07 PM")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: LOST_DEVICE.lastTestName! })).toHaveAttribute(
      "href",
      `/gallery/item/${LOST_DEVICE.lastTestId}`,
    );

    const other = rowOf("WT-0002");
    expect(within(other).getByText("Not recorded")).toBeInTheDocument();
    expect(within(other).getByText("No test yet")).toBeInTheDocument();
  });

  it("filters by device type and account", async () => {
    await renderConsole("/lost-devices", { role: "SuperAdmin" });
    await waitFor(() => expect(rows()).toHaveLength(2));

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Type" }));
    fireEvent.click(await screen.findByRole("option", { name: "Watson AI" }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rowOf("WT-0002")).toBeDefined();
    const typed = JSON.parse(db.lists.at(-1)!.searchParams.get("filter")!) as Record<string, unknown>;
    expect(typed).toEqual({ typeCode: 6501 });

    const accountInput = screen.getByRole("combobox", { name: "Account" });
    fireEvent.change(accountInput, { target: { value: "Brill" } });
    fireEvent.click(await screen.findByRole("option", { name: "Brilliant Gems Ltd" }));
    await waitFor(() =>
      expect(JSON.parse(db.lists.at(-1)!.searchParams.get("filter")!)).toEqual({ typeCode: 6501, accountId: "acc-1" }),
    );
    expect(await screen.findByText("No lost device matches these filters.")).toBeInTheDocument();
  });

  it("marks a device found with its version: the toast says so and the device leaves the list", async () => {
    await renderConsole("/lost-devices", { role: "SuperAdmin" });
    await waitFor(() => expect(rows()).toHaveLength(2));

    fireEvent.click(within(rowOf(LOST_DEVICE.serialNumber)).getByRole("button", { name: "Mark found" }));
    const confirm = await screen.findByRole("dialog", { name: "Mark Front desk as found?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));

    expect(await screen.findByText("Device marked found")).toBeInTheDocument();
    expect(db.posts).toEqual([
      { path: `devices/${LOST_DEVICE.id}/mark-found`, body: { version: LOST_DEVICE.version } },
    ]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByText(LOST_DEVICE.serialNumber)).not.toBeInTheDocument();
  });

  it("on a stale version says the device changed, reloads the list and retries with the new version", async () => {
    await renderConsole("/lost-devices", { role: "SuperAdmin" });
    await waitFor(() => expect(rows()).toHaveLength(2));
    // Someone renamed it meanwhile.
    Object.assign(db.rows[0]!, { version: LOST_DEVICE.version + 1, customBoxName: "Back office" });

    fireEvent.click(within(rowOf(LOST_DEVICE.serialNumber)).getByRole("button", { name: "Mark found" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Mark Front desk as found?" })).getByRole("button", {
        name: "Confirm",
      }),
    );
    expect(await screen.findByText(CONFLICT_TOAST)).toBeInTheDocument();
    expect(await screen.findByText("Back office")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(rows()).toHaveLength(2);

    fireEvent.click(within(rowOf(LOST_DEVICE.serialNumber)).getByRole("button", { name: "Mark found" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Mark Back office as found?" })).getByRole("button", {
        name: "Confirm",
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(db.posts.map((post) => post.body)).toEqual([
      { version: LOST_DEVICE.version },
      { version: LOST_DEVICE.version + 1 },
    ]);
  });

  it("says plainly when no device is lost", async () => {
    db.rows = [];
    await renderConsole("/lost-devices", { role: "SuperAdmin" });
    expect(await screen.findByText("No lost devices")).toBeInTheDocument();
    expect(
      screen.getByText("A device marked lost on its page shows here until someone marks it found."),
    ).toBeInTheDocument();
  });

  it("is not there for an admin: the not-found view, and no list asked for", async () => {
    await renderConsole("/lost-devices", { role: "Admin" });
    expect(await screen.findByText("Page not found.")).toBeInTheDocument();
    expect(db.lists).toHaveLength(0);
  });
});
