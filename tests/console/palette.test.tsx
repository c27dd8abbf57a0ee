import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { actorOf, canAccess } from "../../src/access/accessRules";
import { SCREENS } from "../../src/access/screens";
import type { SearchAnswer } from "../../src/api/search";
import type { Role } from "../../src/api/types";
import { PALETTE_ACTIONS, RECORD_SEARCH_MIN_LENGTH } from "../../src/custom/palette/paletteItems";
import { appMessages } from "../../src/i18n/en";
import { CONTRACT } from "../fixtures/contract";
import { SUBSCRIPTION_CONTRACT } from "../fixtures/subscriptionContract";
import { renderConsole } from "./harness/renderConsole";
import { business, installResourceService } from "./harness/resourceService";
import { reply, server, state, userFor } from "./harness/server";

// The pages the palette opens read their records (the resources' lists and records, served by msw).
installResourceService();

/**
 * Issue 25, item 1: the command palette. Opened by Ctrl+K or the top bar's Search button, it offers
 * the screens and actions the role may open (asked of canAccess, never more) and the records the
 * service's search finds (GET search, the contract's answer), recent picks first; it is driven by
 * the keyboard alone (arrows, Enter, Escape, the focus given back) as a combobox over a listbox
 * with a live status line; a service without the search route (404) leaves screens and actions.
 */

const TITLE = "Search screens, actions and records";

/** The service's search: the contract's records whose title or detail holds q (as the service matches). */
function serveSearch(answer: (q: string) => Response | SearchAnswer = found) {
  const asked: string[] = [];
  server.use(
    http.get("*/api/search", ({ request }) => {
      const q = new URL(request.url).searchParams.get("q") ?? "";
      asked.push(q);
      const given = answer(q);
      return given instanceof Response ? given : reply(CONTRACT.search.found, given);
    }),
  );
  return asked;
}

function found(q: string): SearchAnswer {
  const text = q.toLowerCase();
  return {
    results: CONTRACT.search.found.body.results.filter((result) =>
      `${result.title} ${result.detail}`.toLowerCase().includes(text),
    ),
  };
}

async function openWithShortcut(user: ReturnType<typeof userEvent.setup>) {
  await user.keyboard("{Control>}k{/Control}");
  const dialog = await screen.findByRole("dialog", { name: TITLE });
  const box = within(dialog).getByRole("combobox", { name: TITLE });
  await waitFor(() => expect(box).toHaveFocus());
  return { dialog, box };
}

const optionNames = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole("option")
    .map((option) => option.firstElementChild?.textContent ?? "");

const groupOptions = (dialog: HTMLElement, group: string) =>
  within(within(dialog).getByRole("group", { name: group }))
    .getAllByRole("option")
    .map((option) => option.firstElementChild?.textContent ?? "");

const activeOption = (box: HTMLElement) => {
  const id = box.getAttribute("aria-activedescendant");
  return id ? (document.getElementById(id)?.firstElementChild?.textContent ?? null) : null;
};

/** Opens the palette, types `text`, waits until `option` is the active one and picks it with Enter. */
async function pickWithShortcut(user: ReturnType<typeof userEvent.setup>, text: string, option: string) {
  const { box } = await openWithShortcut(user);
  await user.type(box, text);
  await waitFor(() => expect(activeOption(box)).toBe(option));
  await user.keyboard("{Enter}");
}

const t = (key: string): string =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], appMessages) as string;

async function signedInAt(role: Role, path = "/") {
  await renderConsole(path, { role });
  await screen.findByRole("navigation", { name: "Main menu" });
}

describe("the command palette: what it offers each role", () => {
  it.each(["SuperAdmin", "Admin", "Manager", "User"] as const)(
    "offers a %s exactly the screens and actions canAccess opens to it",
    async (role) => {
      serveSearch();
      const user = userEvent.setup();
      await signedInAt(role);
      const { dialog } = await openWithShortcut(user);
      const actor = actorOf({ id: `user-${role}`, role, accountId: "acc-1" });
      // Every page without a parameter that has a page, but the actions' pages and /new-subscription
      // (offered only to an inactive account).
      const actionPaths = new Set(PALETTE_ACTIONS.flatMap((action) => (action.path ? [action.path] : [])));
      const screens = SCREENS.filter(
        (entry) =>
          !entry.path.includes(":") &&
          entry.load &&
          !actionPaths.has(entry.path) &&
          entry.path !== "/new-subscription" &&
          canAccess(actor, entry.access),
      ).map((entry) => t(entry.title));
      await waitFor(() =>
        expect(groupOptions(dialog, "Screens")).toEqual([...screens, appMessages.app.profile.myProfile]),
      );
      // Nothing is selected: the selection's download is not offered (gallery.test.tsx offers it).
      const actions = PALETTE_ACTIONS.filter((action) => !action.onSelection && canAccess(actor, action.access)).map(
        (action) => t(action.label),
      );
      if (actions.length === 0) expect(within(dialog).queryByRole("group", { name: "Actions" })).toBeNull();
      else await waitFor(() => expect(groupOptions(dialog, "Actions")).toEqual(actions));
    },
  );

  const never: Record<string, string[]> = {
    SuperAdmin: ["Account", "Add New Location", "Settings"],
    Admin: ["Accounts", "Firmware", "Discounts", "New account", "Upload Firmware", "Register device"],
    Manager: ["Payments", "Accounts", "Invite user", "New account", "Add New Location"],
    User: ["Users", "Payments", "Accounts", "Invite user", "Lost Devices"],
  };
  it.each([
    ["SuperAdmin", ["Accounts", "Firmware", "Lost Devices"], ["New account", "Upload Firmware", "New discount"]],
    ["Admin", ["Payments", "Account", "Users"], ["Invite user", "Add New Location"]],
    ["Manager", ["Users", "Account"], []],
    ["User", ["Account", "Gallery"], []],
  ] as const)(
    "names what a %s gets and never gets, so the rule above cannot drift unseen",
    async (role, screens, actions) => {
      serveSearch();
      const user = userEvent.setup();
      await signedInAt(role);
      const { dialog } = await openWithShortcut(user);
      await waitFor(() => expect(optionNames(dialog)).toEqual(expect.arrayContaining([...screens, ...actions])));
      for (const name of never[role]!) expect(optionNames(dialog), `${role}: ${name}`).not.toContain(name);
    },
  );

  it("offers only New Subscription while the account's subscription is inactive (as the menu)", async () => {
    serveSearch();
    // The page the console sends an inactive account to asks for the plans and a price.
    server.use(
      http.get("*/api/plans", () => reply(SUBSCRIPTION_CONTRACT.plans)),
      http.post("*/api/subscriptions/quote", () => reply(SUBSCRIPTION_CONTRACT.quote.ok)),
    );
    const user = userEvent.setup();
    await renderConsole("/new-subscription", {
      role: "Admin",
      service: (service) => {
        service.subscription = { ...CONTRACT.subscription.inactive.body };
      },
    });
    await screen.findByRole("navigation", { name: "Main menu" });
    const { dialog, box } = await openWithShortcut(user);
    await waitFor(() => expect(optionNames(dialog)).toEqual(["New Subscription"]));
    await user.type(box, "brilliant");
    await waitFor(() => expect(within(dialog).getByRole("status")).toHaveTextContent("Nothing found for “brilliant”."));
  });
});

describe("the command palette in a read-only (grace) account", () => {
  it("offers an admin no action the grace period refuses, and the rest as usual", async () => {
    serveSearch();
    const user = userEvent.setup();
    await renderConsole("/", {
      role: "Admin",
      service: (service) => {
        service.subscription = { ...CONTRACT.subscription.inactive.body, readOnlyUntil: "2026-12-06T09:00:00.000Z" };
      },
    });
    await screen.findByRole("navigation", { name: "Main menu" });
    const { dialog } = await openWithShortcut(user);
    await waitFor(() => expect(optionNames(dialog)).toEqual(expect.arrayContaining(["Payments", "Users"])));
    expect(optionNames(dialog)).not.toContain("Invite user");
    expect(optionNames(dialog)).not.toContain("Add New Location");
  });
});

describe("the command palette: keyboard and screen readers", () => {
  it("takes at most what the service searches (a longer paste is cut, never refused)", async () => {
    serveSearch();
    const user = userEvent.setup();
    await signedInAt("Admin");
    const { box } = await openWithShortcut(user);
    expect(box).toHaveAttribute("maxlength", "100");
  });

  it("opens from the top bar's Search button (named by what it shows), and Escape gives the focus back to it", async () => {
    serveSearch();
    const user = userEvent.setup();
    await signedInAt("Admin");
    const banner = screen.getByRole("banner");
    const button = within(banner).getByRole("button", { name: /^Search/ });
    expect(button).toHaveAttribute("aria-keyshortcuts", "Control+K Meta+K");
    button.focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: TITLE });
    const box = within(dialog).getByRole("combobox", { name: TITLE });
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveAttribute("aria-controls", within(dialog).getByRole("listbox").id);
    expect(box).toHaveAttribute("aria-autocomplete", "list");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it("opens with ⌘K as with Ctrl+K, and not with another modifier too (Ctrl+Shift+K, Alt+K)", async () => {
    serveSearch();
    const user = userEvent.setup();
    await signedInAt("User");
    await user.keyboard("{Meta>}k{/Meta}");
    expect(await screen.findByRole("dialog", { name: TITLE })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull());
    // Its code is in now: a shortcut that opened it would show it within the key press itself.
    await user.keyboard("{Control>}{Shift>}k{/Shift}{/Control}");
    await user.keyboard("{Alt>}k{/Alt}");
    expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull();
    await user.keyboard("{Control>}k{/Control}");
    expect(screen.getByRole("dialog", { name: TITLE })).toBeInTheDocument();
  });

  it("moves with the arrows (aria-activedescendant, wrapping), opens with Enter and gives the focus back", async () => {
    serveSearch();
    const user = userEvent.setup();
    await signedInAt("SuperAdmin");
    const title = screen.getByTestId("app-title");
    // Ctrl+K from wherever the focus is: here the sidebar's first link.
    const home = within(screen.getByRole("navigation", { name: "Main menu" })).getByRole("link", { name: "Home" });
    home.focus();
    const { dialog, box } = await openWithShortcut(user);
    await user.type(box, "d");
    // Best matches first: names starting with "d", then a word starting with it, then any.
    await waitFor(() => expect(activeOption(box)).toBe("Devices"));
    const names = optionNames(dialog);
    expect(names.slice(0, 2)).toEqual(["Devices", "Discounts"]);
    expect(within(dialog).getByRole("option", { name: "Devices" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}");
    expect(activeOption(box)).toBe("Discounts");
    expect(within(dialog).getByRole("option", { name: "Devices" })).toHaveAttribute("aria-selected", "false");
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(activeOption(box)).toBe(names[names.length - 1]);
    // Down from the last wraps to the first.
    await user.keyboard("{ArrowDown}");
    expect(activeOption(box)).toBe("Devices");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(window.location.pathname).toBe("/devices"));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull());
    await waitFor(() => expect(home).toHaveFocus());
    expect(title).toBeInTheDocument();
  });

  it("finds records through the service (one call once typing pauses), opens one with Enter and remembers it first", async () => {
    const asked = serveSearch();
    // The business page Enter opens (its record is not what this test looks at).
    server.use(
      http.get("*/api/businesses/:id", ({ params }) => HttpResponse.json(business({ id: String(params.id) }))),
    );
    const user = userEvent.setup();
    await signedInAt("SuperAdmin");
    let { dialog, box } = await openWithShortcut(user);
    await user.type(box, "brilliant");
    await waitFor(() => expect(within(dialog).queryByRole("group", { name: "Accounts" })).not.toBeNull());
    // Fewer calls than keys typed (one here, unless the machine stalls between two keys), the last for all of it.
    expect(asked.at(-1)).toBe("brilliant");
    expect(asked.length).toBeLessThan(4);
    for (const q of asked) expect("brilliant".startsWith(q) && q.length >= RECORD_SEARCH_MIN_LENGTH).toBe(true);
    expect(groupOptions(dialog, "Accounts")).toEqual(["Brilliant Gems Ltd"]);
    expect(groupOptions(dialog, "Businesses")).toEqual(["Brilliant Gems London"]);
    expect(groupOptions(dialog, "Tests")).toEqual(["Brilliant cut 9"]);
    // The live region says how many (announced politely).
    const status = within(dialog).getByRole("status");
    expect(status).toHaveAttribute("aria-live", "polite");
    await waitFor(() => expect(status).toHaveTextContent("5 results"));
    expect(activeOption(box)).toBe("Brilliant Gems Ltd");
    await user.keyboard("{ArrowDown}{Enter}");
    // Opened again at once, while the last one still fades out: it starts afresh.
    ({ dialog, box } = await openWithShortcut(user));
    expect(box).toHaveValue("");
    await waitFor(() => expect(window.location.pathname).toBe("/accounts/business/bus-2"));
    await waitFor(() => expect(groupOptions(dialog, "Recent")).toEqual(["Brilliant Gems London"]));
    expect(optionNames(dialog)[0]).toBe("Brilliant Gems London");
    expect(within(dialog).getByRole("option", { name: /Brilliant Gems London/ })).toHaveTextContent(
      "Business · London · Brilliant Gems Ltd",
    );
    // Remembered per user, in react-admin's store (cleared on sign-out with the rest).
    expect(Object.keys({ ...window.localStorage }).filter((key) => key.includes("palette.recent"))).toEqual([
      `RaStoreGemtest.palette.recent.${userFor("SuperAdmin").id}`,
    ]);
  });

  it("forgets the recent picks on sign-out, with the rest of react-admin's store", async () => {
    serveSearch();
    const user = userEvent.setup();
    await signedInAt("Admin");
    await pickWithShortcut(user, "gall", "Gallery");
    await waitFor(() => expect(window.location.pathname).toBe("/gallery"));
    const recentKeys = () => Object.keys({ ...window.localStorage }).filter((key) => key.includes("palette.recent"));
    expect(recentKeys()).toHaveLength(1);
    // Once the palette has gone (while it closes, the page behind it is hidden from screen readers).
    await user.click(within(await screen.findByRole("banner")).getByRole("button", { name: /, Profile$/ }));
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }));
    await waitFor(() => expect(window.location.pathname).toBe("/login"));
    await waitFor(() => expect(recentKeys()).toEqual([]));
  });

  it("says when nothing is found, and asks nothing below three characters", async () => {
    const asked = serveSearch();
    const user = userEvent.setup();
    await signedInAt("Admin");
    const { dialog, box } = await openWithShortcut(user);
    await user.type(box, "qq");
    await waitFor(() =>
      expect(within(dialog).getByRole("status")).toHaveTextContent("Type 3 characters or more to search records too."),
    );
    await user.type(box, "zx");
    await waitFor(() => expect(within(dialog).getByRole("status")).toHaveTextContent("Nothing found for “qqzx”."));
    expect(asked).toEqual(["qqzx"]);
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(box).not.toHaveAttribute("aria-activedescendant");
  });

  it("keeps screens and actions when the service has no search (404), says so, and asks no more", async () => {
    const asked = serveSearch(() => reply(CONTRACT.search.notFound) as unknown as Response);
    const user = userEvent.setup();
    await signedInAt("SuperAdmin");
    const { dialog, box } = await openWithShortcut(user);
    await user.type(box, "acc");
    await waitFor(() =>
      expect(within(dialog).getByRole("status")).toHaveTextContent(
        "Records search is unavailable: screens and actions only.",
      ),
    );
    expect(optionNames(dialog)).toEqual(["Accounts", "Account Deletions", "Recover Accounts", "New account"]);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(window.location.pathname).toBe("/accounts"));
    // The list drawn, as a person opening the palette again sees it (jsdom, unlike a browser, lets
    // the hidden column chooser's search box take the focus when it mounts).
    await screen.findByRole("table");
    const again = await openWithShortcut(user);
    await user.type(again.box, "lapis");
    await waitFor(() => expect(within(again.dialog).getByRole("status")).toHaveTextContent("unavailable"));
    // One call ("acc", or "ac" if the machine stalled between two keys), none after the 404.
    expect(asked).toHaveLength(1);
    expect("acc".startsWith(asked[0]!)).toBe(true);
  });

  it("opens an action's dialog: New account from the palette", async () => {
    serveSearch();
    const user = userEvent.setup();
    await signedInAt("SuperAdmin");
    await pickWithShortcut(user, "new acc", "New account");
    expect(await screen.findByRole("dialog", { name: "Create an account" })).toBeInTheDocument();
    expect(state.calls).not.toContain("GET search");
  });

  /** New discount from the palette, over an empty discounts list whose creates are kept in `created`. */
  async function openNewDiscount() {
    serveSearch();
    const created: unknown[] = [];
    server.use(
      http.get("*/api/discounts", () => HttpResponse.json([], { headers: { "Content-Range": "discounts */0" } })),
      http.post("*/api/discounts", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        created.push(body);
        return HttpResponse.json(
          {
            ...body,
            id: `disc-${created.length}`,
            version: 1,
            redemptionCount: 0,
            createdAt: "2026-01-01T00:00:00.000Z",
          },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    await signedInAt("SuperAdmin");
    await pickWithShortcut(user, "new disc", "New discount");
    return { created, user, dialog: await screen.findByRole("dialog", { name: "Create a discount" }) };
  }

  it("opens New discount with the discounts list's form, and the list once the discount is created", async () => {
    const { created, user, dialog } = await openNewDiscount();
    // The list's defaults: 10 percent off.
    expect(within(dialog).getByRole("spinbutton", { name: "Percent off" })).toHaveValue(10);
    await user.type(within(dialog).getByRole("textbox", { name: /^Code/ }), "spring");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(window.location.pathname).toBe("/discounts"));
    expect(created).toEqual([expect.objectContaining({ code: "SPRING", kind: "percent", percentOff: 10 })]);
  });

  it("New discount takes an amount off as written, in the plans' currency unless changed", async () => {
    const { created, user, dialog } = await openNewDiscount();
    await user.type(within(dialog).getByRole("textbox", { name: /^Code/ }), "tenoff");
    await user.click(within(dialog).getByRole("combobox", { name: /^Kind/ }));
    await user.click(await screen.findByRole("option", { name: "Amount off" }));
    const amount = await within(dialog).findByRole("textbox", { name: "Amount off" });
    expect(within(dialog).getByText("In GBP, as written: 10.50.")).toBeInTheDocument();
    // A decimal comma is no amount: refused under the field, as typed, before anything is sent.
    await user.type(amount, "10,5");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(/amount/i, { selector: ".Mui-error" })).toBeInTheDocument();
    expect(amount).toHaveValue("10,5");
    expect(created).toEqual([]);
    await user.clear(amount);
    await user.type(amount, "10.50");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(window.location.pathname).toBe("/discounts"));
    expect(created).toEqual([
      expect.objectContaining({ code: "TENOFF", kind: "amount", amountOff: 1050, currency: "GBP", percentOff: null }),
    ]);
  });
});
