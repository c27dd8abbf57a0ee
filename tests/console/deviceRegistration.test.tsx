import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createTheme } from "@mui/material/styles";
import { http, HttpResponse } from "msw";
import type { Business } from "../../src/api/resources";
import { theme } from "../../src/theme";
import { renderConsole } from "./harness/renderConsole";
import { server } from "./harness/server";
import { day, db, device, installResourceService, user } from "./harness/resourceService";

/**
 * Issue 26 item 11: registering a device sets its location too — the form offers the chosen
 * account's businesses (ReferencePicker, filtered by the account), none before an account is
 * chosen, and another account's choice clears a business of the one before.
 */
installResourceService();

const business = (id: string, name: string, accountId: string): Business => ({
  id,
  version: 1,
  name,
  accountId,
  accountName: accountId === "acc-3" ? "Account 03" : "Account 07",
  ownerId: null,
  ownerName: null,
  address: "1 Hatton Garden",
  city: "London",
  country: "GB",
  phone: "",
  createdAt: day(1),
});
const BUSINESSES = [
  business("b-31", "Hatton Garden lab", "acc-3"),
  business("b-32", "Antwerp desk", "acc-3"),
  business("b-71", "Amsterdam counter", "acc-7"),
];

/** The device the edit form loads: at a business of acc-3. */
const located = {
  accountId: "acc-3",
  accountName: "Account 03",
  businessId: "b-31",
  businessName: "Hatton Garden lab",
};

function serveBusinessesAndDevices() {
  const askedFor: unknown[] = [];
  server.use(
    http.get("*/api/businesses", ({ request }) => {
      const filter = JSON.parse(new URL(request.url).searchParams.get("filter") ?? "{}") as Record<string, unknown>;
      askedFor.push(filter.accountId);
      const rows = BUSINESSES.filter(
        (row) =>
          (filter.accountId === undefined || row.accountId === filter.accountId) &&
          (!Array.isArray(filter.id) || filter.id.includes(row.id)),
      );
      return HttpResponse.json(rows, {
        headers: { "Content-Range": `businesses 0-${Math.max(rows.length - 1, 0)}/${rows.length}` },
      });
    }),
    http.post("*/api/devices", async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      db.bodies.push({ method: "POST", path: "devices", body });
      return HttpResponse.json(device({ ...body, id: "d-new" }), { status: 201 });
    }),
    http.get("*/api/devices/:id", ({ params }) => HttpResponse.json(device({ id: String(params.id), ...located }))),
    http.put("*/api/devices/:id", async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      db.bodies.push({ method: "PUT", path: `devices/${String(params.id)}`, body });
      return HttpResponse.json(device({ ...located, ...body, version: 2 }));
    }),
  );
  return askedFor;
}

async function pick(dialog: HTMLElement, label: RegExp, typed: string, option: string) {
  const input = within(dialog).getByRole("combobox", { name: label });
  fireEvent.change(input, { target: { value: typed } });
  fireEvent.click(await screen.findByRole("option", { name: option }));
  await waitFor(() => expect(input).toHaveValue(option));
}

async function openRegisterDialog() {
  await renderConsole("/devices", { role: "SuperAdmin" });
  // The page header's (an empty list offers it again in its place).
  fireEvent.click((await screen.findAllByRole("button", { name: "Register device" }))[0]!);
  const dialog = await screen.findByRole("dialog", { name: "Register a device" });
  fireEvent.change(within(dialog).getByRole("textbox", { name: /^Serial number/ }), { target: { value: "SN-7731" } });
  return dialog;
}

describe("registering a device with its location (issue 26 item 11)", () => {
  it("offers the chosen account's businesses and registers the device at the one picked", async () => {
    const askedFor = serveBusinessesAndDevices();
    const dialog = await openRegisterDialog();
    // No account yet: no business to offer, and the field says why.
    const waiting = within(dialog).getByRole("textbox", { name: "Business" });
    expect(waiting).toBeDisabled();
    const why = within(dialog).getByText("Choose the account first: its businesses are offered here.");
    // An instruction: in the secondary text colour, not greyed with the disabled field (WCAG 1.4.3).
    const { palette } = createTheme(theme);
    expect(why).toHaveClass("Mui-disabled");
    expect(getComputedStyle(why).color).toBe(palette.text.secondary);
    expect(getComputedStyle(why).color).not.toBe(palette.text.disabled);

    await pick(dialog, /^Account/, "Account 03", "Account 03");
    const businessPicker = await within(dialog).findByRole("combobox", { name: "Business" });
    fireEvent.mouseDown(businessPicker);
    fireEvent.change(businessPicker, { target: { value: "" } });
    await waitFor(() =>
      expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
        "Hatton Garden lab",
        "Antwerp desk",
      ]),
    );
    expect(askedFor.filter((accountId) => accountId !== undefined)).toContain("acc-3");
    expect(askedFor).not.toContain("acc-7");
    await pick(dialog, /^Business/, "Antwerp", "Antwerp desk");

    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(db.bodies).toHaveLength(1));
    expect(db.bodies[0]!.body).toMatchObject({ serialNumber: "SN-7731", accountId: "acc-3", businessId: "b-32" });
  });

  it("clears the business when another account is chosen", async () => {
    serveBusinessesAndDevices();
    const dialog = await openRegisterDialog();
    await pick(dialog, /^Account/, "Account 03", "Account 03");
    await pick(dialog, /^Business/, "Hatton", "Hatton Garden lab");
    await pick(dialog, /^Account/, "Account 07", "Account 07");
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Business" })).toHaveValue(""));

    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(db.bodies).toHaveLength(1));
    expect(db.bodies[0]!.body).toMatchObject({ accountId: "acc-7", businessId: null });
  });

  it("the edit form keeps a device's business as it loads", async () => {
    serveBusinessesAndDevices();
    await renderConsole("/devices/d-1", { role: "SuperAdmin" });
    const form = await screen.findByRole("region", { name: "Edit" });
    const businessPicker = await within(form).findByRole("combobox", { name: "Business" });
    await waitFor(() => expect(businessPicker).toHaveValue("Hatton Garden lab"));
    fireEvent.change(within(form).getByRole("textbox", { name: /^Box name/ }), { target: { value: "Front desk" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(db.bodies).toHaveLength(1));
    expect(db.bodies[0]!.body).toMatchObject({ accountId: "acc-3", businessId: "b-31", customBoxName: "Front desk" });
  });
});

describe("the device form's inputs, drawn from the devices contract", () => {
  it("checks each field by its declared limits before sending, on the field", async () => {
    serveBusinessesAndDevices();
    const dialog = await openRegisterDialog();
    const serial = within(dialog).getByRole("textbox", { name: /^Serial number/ });
    fireEvent.change(serial, { target: { value: "SN 7731#" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Box name/ }), { target: { value: "x".repeat(61) } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    const serialField = serial.closest(".MuiFormControl-root") as HTMLElement;
    expect(await within(serialField).findByText("Use letters, digits and . _ - only.")).toBeInTheDocument();
    expect(within(dialog).getByText(/60 characters/)).toBeInTheDocument();
    // The account is required (the contract's accountId is no nullable field).
    expect(within(dialog).getByRole("combobox", { name: /^Account/ })).toHaveAttribute("aria-invalid", "true");
    expect(db.bodies).toEqual([]);
    expect(serial).toHaveValue("SN 7731#");
  });
});

describe("a user's account and business (the shared pickers)", () => {
  it("clears the business when a super admin moves the user to another account, and offers the new account's", async () => {
    serveBusinessesAndDevices();
    db.users.push({ ...user("u-9", "User", "acc-3"), businessId: "b-31", businessName: "Hatton Garden lab" });
    await renderConsole("/users/u-9", { role: "SuperAdmin" });
    const form = await screen.findByRole("region", { name: "Edit" });
    const businessPicker = await within(form).findByRole("combobox", { name: "Business" });
    await waitFor(() => expect(businessPicker).toHaveValue("Hatton Garden lab"));
    await pick(form, /^Account/, "Account 07", "Account 07");
    const moved = await within(form).findByRole("combobox", { name: "Business" });
    await waitFor(() => expect(moved).toHaveValue(""));
    fireEvent.mouseDown(moved);
    fireEvent.change(moved, { target: { value: "" } });
    await waitFor(() =>
      expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Amsterdam counter"]),
    );
    fireEvent.keyDown(moved, { key: "Escape" });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(db.bodies).toHaveLength(1));
    expect(db.bodies[0]!.body).toMatchObject({ accountId: "acc-7", businessId: null });
  });
});
