import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import {
  BOX_TYPE_CODES,
  DEFAULT_BOX_TYPE_SETTINGS,
  type BoxTypeSettings,
  type ForcedReset,
  type ForcedResetCreate,
} from "../../src/api/advancedSettings";
import { deviceTypeName } from "../../src/api/tests";
import {
  BOX_TYPE_CHANGED,
  BOX_TYPE_DEFAULTS,
  FORCED_RESET,
  PICKED_UP_RESET,
} from "../fixtures/advancedSettingsContract";
import { CONTRACT } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { device, user } from "./harness/resourceService";
import { reply, server } from "./harness/server";

/**
 * /advanced-settings (spec §2, super admins; §6's change log): a react-admin form per box type and
 * the forced resets, each change after the password re-check, over msw answering with the
 * contract's shapes (tests/fixtures/advancedSettingsContract.ts, which the service tests assert).
 */
const C = CONTRACT.advancedSettings;

interface Db {
  boxTypes: Map<number, BoxTypeSettings>;
  resets: ForcedReset[];
  /** Every request to Advanced Settings' routes: method, path and body. */
  calls: { method: string; path: string; body?: unknown }[];
}
let db: Db;

const path = (request: Request) => new URL(request.url).pathname.replace(/^\/api\//, "");

function serve() {
  server.use(
    http.get("*/api/box-type-settings", ({ request }) => {
      db.calls.push({ method: "GET", path: path(request) });
      const rows = [...db.boxTypes.values()];
      return HttpResponse.json(rows, {
        headers: { "Content-Range": `box-type-settings 0-${rows.length - 1}/${rows.length}` },
      });
    }),
    http.get("*/api/box-type-settings/:code", ({ params, request }) => {
      db.calls.push({ method: "GET", path: path(request) });
      const row = db.boxTypes.get(Number(params.code));
      return row ? HttpResponse.json(row) : reply(C.boxTypes.notFound);
    }),
    http.put("*/api/box-type-settings/:code", async ({ params, request }) => {
      const body = (await request.json()) as { settings: BoxTypeSettings["settings"]; version: number };
      db.calls.push({ method: "PUT", path: path(request), body });
      const row = db.boxTypes.get(Number(params.code))!;
      if (row.version !== body.version) return reply(C.boxTypes.stale);
      const saved: BoxTypeSettings = {
        ...row,
        settings: body.settings,
        isDefault: false,
        version: row.version + 1,
        updatedAt: "2026-03-06T10:00:00.000Z",
        updatedById: "user-SuperAdmin",
        updatedByName: "Sophie Carter",
      };
      db.boxTypes.set(row.typeCode, saved);
      return HttpResponse.json(saved);
    }),
    http.get("*/api/forced-resets", ({ request }) => {
      const url = new URL(request.url);
      db.calls.push({ method: "GET", path: `${path(request)}${url.search}` });
      const filter = JSON.parse(url.searchParams.get("filter") ?? "{}") as { status?: string };
      const rows = db.resets.filter((row) => !filter.status || row.status === filter.status);
      const range = rows.length ? `0-${rows.length - 1}` : "*";
      return HttpResponse.json(rows, { headers: { "Content-Range": `forced-resets ${range}/${rows.length}` } });
    }),
    http.post("*/api/forced-resets", async ({ request }) => {
      const body = (await request.json()) as ForcedResetCreate;
      db.calls.push({ method: "POST", path: path(request), body });
      const same = db.resets.find(
        (row) =>
          row.status === "pending" &&
          row.target === body.target &&
          row.phoneBrand?.toLowerCase() === body.phoneBrand?.toLowerCase() &&
          row.phoneModel?.toLowerCase() === body.phoneModel?.toLowerCase(),
      );
      if (same) return reply(C.forcedResets.alreadyPending);
      const created: ForcedReset = {
        ...FORCED_RESET,
        id: `reset-${db.resets.length + 1}`,
        target: body.target,
        targetName: body.phoneOs ?? `${body.phoneBrand} ${body.phoneModel}`,
        phoneBrand: body.phoneBrand ?? null,
        phoneModel: body.phoneModel ?? null,
        phoneOs: body.phoneOs ?? null,
        createdAt: "2026-03-06T10:00:00.000Z",
      };
      db.resets.unshift(created);
      return reply(C.forcedResets.created, created);
    }),
    http.post("*/api/forced-resets/:id/cancel", ({ params, request }) => {
      db.calls.push({ method: "POST", path: path(request) });
      const row = db.resets.find((reset) => reset.id === params.id)!;
      Object.assign(row, { status: "canceled", canceledAt: "2026-03-06T10:00:00.000Z" });
      return HttpResponse.json(row);
    }),
    http.get("*/api/activity", () => HttpResponse.json([], { headers: { "Content-Range": "activity */0" } })),
    // The pickers' options.
    http.get("*/api/users", () =>
      HttpResponse.json([{ ...user("u-2", "User"), accountName: "Brilliant Gems Ltd" }], {
        headers: { "Content-Range": "users 0-0/1" },
      }),
    ),
    http.get("*/api/devices", () =>
      HttpResponse.json([device({ id: "d-9", serialNumber: "SH-LDN-0004", customBoxName: "London counter" })], {
        headers: { "Content-Range": "devices 0-0/1" },
      }),
    ),
  );
}

// A cold test worker's first render loads the whole console and this page's chunk: once, here,
// rather than inside whichever test comes first.
beforeAll(async () => {
  await import("../../src/App");
  await import("../../src/resources/advancedSettings/AdvancedSettingsPage");
}, 30_000);

beforeEach(() => {
  db = {
    boxTypes: new Map(
      BOX_TYPE_CODES.map((code) => [
        code,
        code === BOX_TYPE_CHANGED.typeCode
          ? { ...BOX_TYPE_CHANGED }
          : { ...BOX_TYPE_DEFAULTS, id: code, typeCode: code, typeName: deviceTypeName(code) },
      ]),
    ),
    resets: [{ ...FORCED_RESET }, { ...PICKED_UP_RESET }],
    calls: [],
  };
  serve();
});

const writes = () => db.calls.filter((call) => call.method !== "GET");
/** The open tab's panel (a CSS query: role queries over the whole page are slow in jsdom). */
const panel = () => {
  const open = document.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden])');
  if (!open) throw new Error("No open tab panel");
  return open;
};
/** A titled section of the page, once it is there (CSS: role queries over the whole page are slow). */
const section = (name: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>(`section[aria-label="${name}"]`);
    if (!found) throw new Error(`No section ${name}`);
    return found;
  });

/** Types the demo password into the re-check dialog and continues. */
async function passPasswordCheck() {
  const title = await screen.findByText("Confirm your password");
  const dialog = title.closest<HTMLElement>('[role="dialog"]')!;
  expect(within(dialog).getByText(/Changes here reach device apps in the field/)).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText("Password"), { target: { value: "demo1234" } });
  const proceed = within(dialog).getByRole("button", { name: "Continue" });
  await waitFor(() => expect(proceed).toBeEnabled());
  fireEvent.click(proceed);
  // The page is hidden from assistive technology until the dialog has gone.
  await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
}

const input = (label: RegExp | string) => within(panel()).getByLabelText(label);

describe("/advanced-settings: settings per box type", () => {
  it("shows a tab per box type with its settings, who changed them last, and the defaults elsewhere", async () => {
    await renderConsole("/advanced-settings?type=5001", { role: "SuperAdmin" });
    const boxTypes = await section("Box type settings");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Advanced Settings");
    const tabList = within(boxTypes).getByRole("tablist", { name: "Box type settings" });
    // The tabs are drawn at once; a changed box type's mark comes with the saved settings.
    await waitFor(() =>
      expect(
        within(tabList)
          .getAllByRole("tab")
          .map((tab) => tab.textContent),
      ).toEqual(BOX_TYPE_CODES.map((code) => deviceTypeName(code) + (code === 5001 ? "Changed" : ""))),
    );
    expect(within(boxTypes).getByRole("tab", { selected: true })).toHaveTextContent("Dr. Watson");
    await waitFor(() => expect(input(/Photo JPEG quality/)).toHaveValue(80));
    expect(input(/Test timeout/)).toHaveValue(90);
    expect(within(panel()).getByText(/Last changed by Sophie Carter on 03\/05\/2026/)).toBeInTheDocument();
    expect(within(panel()).getByRole("radio", { name: "Beta" })).toBeChecked();
    expect(within(panel()).getByRole("switch", { name: /AI analysis/ })).not.toBeChecked();

    fireEvent.click(within(boxTypes).getByRole("tab", { name: "Big Sherlock AI" }));
    await waitFor(() => expect(input(/Photo JPEG quality/)).toHaveValue(DEFAULT_BOX_TYPE_SETTINGS.jpegQuality));
    expect(
      within(panel()).getByText("On the defaults: nothing was changed for this box type yet."),
    ).toBeInTheDocument();
  });

  it("saves a change only after the password re-check, with the version read; canceling the re-check sends nothing", async () => {
    await renderConsole("/advanced-settings?type=5001", { role: "SuperAdmin" });
    await waitFor(() => expect(input(/Photo JPEG quality/)).toHaveValue(80));
    fireEvent.change(input(/Photo JPEG quality/), { target: { value: "70" } });
    fireEvent.click(within(panel()).getByRole("button", { name: "Save" }));

    const dialog = await screen.findByRole("dialog", { name: "Confirm your password" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(writes()).toEqual([]);
    expect(input(/Photo JPEG quality/)).toHaveValue(70);

    fireEvent.click(within(panel()).getByRole("button", { name: "Save" }));
    await passPasswordCheck();
    expect(await screen.findByText("Changes saved")).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: "PUT",
        path: "box-type-settings/5001",
        body: { settings: { ...BOX_TYPE_CHANGED.settings, jpegQuality: 70 }, version: 2 },
      },
    ]);
    expect(await within(panel()).findByText(/\(version 3\)/)).toBeInTheDocument();
  });

  it("once saved, leaves the page without warning about unsaved changes", async () => {
    await renderConsole("/advanced-settings?type=5001", { role: "SuperAdmin" });
    await waitFor(() => expect(input(/Photo JPEG quality/)).toHaveValue(80));
    fireEvent.change(input(/Photo JPEG quality/), { target: { value: "70" } });
    fireEvent.click(within(panel()).getByRole("button", { name: "Save" }));
    await passPasswordCheck();
    expect(await screen.findByText("Changes saved")).toBeInTheDocument();

    const warnings: string[] = [];
    const confirmSpy = vi.spyOn(window, "confirm").mockImplementation((message) => {
      warnings.push(String(message));
      return false;
    });
    fireEvent.click(screen.getByRole("link", { name: "Activity Feed" }));
    expect(await screen.findByRole("heading", { name: "Activity Feed", level: 1 })).toBeInTheDocument();
    expect(warnings).toEqual([]);
    confirmSpy.mockRestore();
  });

  it("says what is wrong with a value before asking for anything, and restores the defaults on request", async () => {
    await renderConsole("/advanced-settings?type=5001", { role: "SuperAdmin" });
    await waitFor(() => expect(input(/Photo JPEG quality/)).toHaveValue(80));
    fireEvent.change(input(/Photo JPEG quality/), { target: { value: "101" } });
    fireEvent.change(input(/Test timeout/), { target: { value: "2.5" } });
    fireEvent.click(within(panel()).getByRole("button", { name: "Save" }));
    expect(await within(panel()).findByText("Enter a whole number from 50 to 100.")).toBeInTheDocument();
    expect(within(panel()).getByText("Enter a whole number from 10 to 600.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    // The failed save put the focus on the first wrong field; a click elsewhere takes it away.
    fireEvent.blur(input(/Test timeout/));
    fireEvent.click(within(panel()).getByRole("button", { name: "Restore defaults" }));
    await waitFor(() => expect(input(/Photo JPEG quality/)).toHaveValue(DEFAULT_BOX_TYPE_SETTINGS.jpegQuality));
    expect(input(/Test timeout/)).toHaveValue(DEFAULT_BOX_TYPE_SETTINGS.testTimeoutSeconds);
    expect(within(panel()).getByRole("radio", { name: "Stable" })).toBeChecked();
    // Save waits while the restored values are validated.
    const save = within(panel()).getByRole("button", { name: "Save" });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await passPasswordCheck();
    expect(await screen.findByText("Changes saved")).toBeInTheDocument();
    expect(writes()[0]!.body).toEqual({ settings: DEFAULT_BOX_TYPE_SETTINGS, version: 2 });
  });

  it("on a stale version says someone else changed the settings and keeps the input", async () => {
    await renderConsole("/advanced-settings?type=5001", { role: "SuperAdmin" });
    await waitFor(() => expect(input(/Photo JPEG quality/)).toHaveValue(80));
    db.boxTypes.set(5001, {
      ...BOX_TYPE_CHANGED,
      version: 3,
      settings: { ...BOX_TYPE_CHANGED.settings, jpegQuality: 60 },
    });
    fireEvent.change(input(/Test timeout/), { target: { value: "300" } });
    fireEvent.click(within(panel()).getByRole("button", { name: "Save" }));
    await passPasswordCheck();
    expect(await within(panel()).findByRole("alert")).toHaveTextContent("This record was changed by someone else.");
    expect(input(/Test timeout/)).toHaveValue(300);
  });
});

describe("/advanced-settings: forced resets", () => {
  it("lists pending resets (target, who asked, when) and the ones device apps picked up", async () => {
    await renderConsole("/advanced-settings", { role: "SuperAdmin" });
    const pending = await section("Pending resets");
    const row = await within(pending).findByRole("row", { name: /Apple iPhone 15 Pro/ });
    expect(within(row).getByText("Phone model")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Sophie Carter" })).toHaveAttribute("href", "/users/user-SuperAdmin");
    expect(within(row).getByText("03/05/2026, 02:07 PM")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Cancel reset: Apple iPhone 15 Pro" })).toBeInTheDocument();

    const picked = await section("Recently picked up");
    const done = await within(picked).findByRole("row", { name: /Uma Patel/ });
    expect(within(done).getByRole("link", { name: "Uma Patel" })).toHaveAttribute("href", "/users/user-User");
    expect(within(done).getByRole("link", { name: "SH-LDN-0004" })).toHaveAttribute(
      "href",
      `/devices/${PICKED_UP_RESET.pickedUpDeviceId}`,
    );
    expect(within(done).getByText("03/04/2026, 09:12 AM")).toBeInTheDocument();
    const asked = db.calls.filter((call) => call.path.startsWith("forced-resets?")).map((call) => call.path);
    expect(asked.some((url) => decodeURIComponent(url).includes('"status":"pending"'))).toBe(true);
    expect(asked.some((url) => decodeURIComponent(url).includes('"status":"picked-up"'))).toBe(true);
  });

  it("asks for a reset of a phone model after the password re-check; the same one again is refused under its field", async () => {
    await renderConsole("/advanced-settings", { role: "SuperAdmin" });
    const form = await section("Force a reset");
    fireEvent.click(within(form).getByRole("radio", { name: "A phone model" }));
    fireEvent.change(await within(form).findByLabelText(/Brand/), { target: { value: " Apple " } });
    fireEvent.change(within(form).getByLabelText(/Model/), { target: { value: "iPhone 13" } });
    fireEvent.click(within(form).getByRole("button", { name: "Force reset" }));
    await passPasswordCheck();
    expect(await screen.findByText("Reset asked for: pending until a matching device app calls")).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: "POST",
        path: "forced-resets",
        body: { target: "phone_model", phoneBrand: "Apple", phoneModel: "iPhone 13" },
      },
    ]);
    expect(
      await within(await section("Pending resets")).findByRole("row", { name: /Apple iPhone 13/ }),
    ).toBeInTheDocument();
    // The form is empty again, back on a user.
    await waitFor(() => expect(within(form).getByRole("radio", { name: "A user's device apps" })).toBeChecked());

    fireEvent.click(within(form).getByRole("radio", { name: "A phone model" }));
    fireEvent.change(await within(form).findByLabelText(/Brand/), { target: { value: "apple" } });
    fireEvent.change(within(form).getByLabelText(/Model/), { target: { value: "IPHONE 13" } });
    fireEvent.click(within(form).getByRole("button", { name: "Force reset" }));
    await passPasswordCheck();
    expect(await within(form).findByText("A reset of this target is already pending.")).toBeInTheDocument();
    expect(writes()).toHaveLength(2);
  });

  it("asks for a user's reset through the user picker, and says what is missing before asking for the password", async () => {
    await renderConsole("/advanced-settings", { role: "SuperAdmin" });
    const form = await section("Force a reset");
    fireEvent.click(within(form).getByRole("button", { name: "Force reset" }));
    expect(await within(form).findByText("Choose a user.")).toBeInTheDocument();
    fireEvent.click(within(form).getByRole("radio", { name: "An OS version" }));
    fireEvent.click(within(form).getByRole("button", { name: "Force reset" }));
    expect(await within(form).findByText("Enter the OS version.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    fireEvent.click(within(form).getByRole("radio", { name: "A user's device apps" }));
    const picker = await within(form).findByRole("combobox", { name: /User/ });
    fireEvent.change(picker, { target: { value: "Grace" } });
    fireEvent.click(await screen.findByRole("option", { name: "Grace Hopper · Brilliant Gems Ltd" }));
    fireEvent.click(within(form).getByRole("button", { name: "Force reset" }));
    await passPasswordCheck();
    await waitFor(() =>
      expect(writes()).toEqual([{ method: "POST", path: "forced-resets", body: { target: "user", userId: "u-2" } }]),
    );
  });

  it("cancels a pending reset after the password re-check; it leaves the pending list", async () => {
    await renderConsole("/advanced-settings", { role: "SuperAdmin" });
    const pending = await section("Pending resets");
    fireEvent.click(await within(pending).findByRole("button", { name: "Cancel reset: Apple iPhone 15 Pro" }));
    await passPasswordCheck();
    expect(await screen.findByText("Reset canceled")).toBeInTheDocument();
    expect(writes()).toEqual([{ method: "POST", path: `forced-resets/${FORCED_RESET.id}/cancel` }]);
    expect(await within(pending).findByText("No reset is pending.")).toBeInTheDocument();
  });
});

describe("/advanced-settings for other roles", () => {
  it("is the not-found view for an admin, and nothing is asked of the service", async () => {
    await renderConsole("/advanced-settings", { role: "Admin" });
    expect(await screen.findByText("Page not found.")).toBeInTheDocument();
    expect(db.calls).toEqual([]);
    expect(screen.queryByRole("link", { name: "Advanced Settings" })).not.toBeInTheDocument();
  });
});
