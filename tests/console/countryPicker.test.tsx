import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { Business } from "../../src/api/resources";
import { renderConsole } from "./harness/renderConsole";
import { server } from "./harness/server";
import { business, db, installResourceService } from "./harness/resourceService";

/**
 * Issue 26 item 3: a country is picked by its name from one list everywhere (New account, Add a
 * new location, a business's form, as /register already did), never typed as an ISO code; the
 * service still gets the code. A typed name that matches nothing is caught before saving.
 */
installResourceService();

/** Types into the country picker and picks the named country from its list. */
async function pickCountry(container: HTMLElement, typed: string, name: string) {
  const country = within(container).getByRole("combobox", { name: /^Country/ });
  fireEvent.change(country, { target: { value: typed } });
  fireEvent.click(await screen.findByRole("option", { name }));
  await waitFor(() => expect(country).toHaveValue(name));
}

const fill = (container: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(container).getByRole("textbox", { name: label }), { target: { value } });

describe("one country picker (issue 26 item 3)", () => {
  it("New account: the country is picked by name, a typed name that matches none is refused before saving", async () => {
    server.use(
      http.post("*/api/accounts", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        db.bodies.push({ method: "POST", path: "accounts", body });
        return HttpResponse.json({ ...db.accounts[0], ...body, id: "acc-new" }, { status: 201 });
      }),
    );
    await renderConsole("/accounts", { role: "SuperAdmin" });
    fireEvent.click(await screen.findByRole("button", { name: "New account" }));
    const dialog = await screen.findByRole("dialog", { name: "Create an account" });
    expect(within(dialog).queryByText("ISO 3166 code, e.g. GB")).not.toBeInTheDocument();
    fill(dialog, /^Name/, "Lovelace Gems");
    fill(dialog, /^Email/, "hello@lovelace-gems.example.com");

    // A name typed but not picked is no country: said on the field, nothing sent.
    const country = within(dialog).getByRole("combobox", { name: /^Country/ });
    fireEvent.change(country, { target: { value: "Narnia" } });
    fireEvent.blur(country);
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Choose a country from the list.")).toBeInTheDocument();
    expect(db.bodies).toEqual([]);

    await pickCountry(dialog, "germ", "Germany");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(db.bodies).toHaveLength(1));
    expect(db.bodies[0]!.body).toMatchObject({ name: "Lovelace Gems", country: "DE" });
  });

  it("Add a new location: the admin picks the country by name; the service gets its code", async () => {
    server.use(
      http.post("*/api/businesses", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        db.bodies.push({ method: "POST", path: "businesses", body });
        return HttpResponse.json(business({ ...body, id: "b-new" } as Partial<Business>), { status: 201 });
      }),
      http.get("*/api/businesses/:id", ({ params }) => HttpResponse.json(business({ id: String(params.id) }))),
    );
    await renderConsole("/add-new-location", { role: "Admin" });
    const form = (await screen.findByRole("heading", { name: "Add a new location" })).closest("main") as HTMLElement;
    await waitFor(() => expect(within(form).getByRole("combobox", { name: /^Country/ })).toBeInTheDocument());
    fill(form, /^Name/, "Rotterdam desk");
    fill(form, /^Address/, "Coolsingel 40");
    fill(form, /^City/, "Rotterdam");
    await pickCountry(form, "nether", "Netherlands");
    fireEvent.click(within(form).getByRole("button", { name: "Add location" }));
    await waitFor(() => expect(db.bodies).toHaveLength(1));
    expect(db.bodies[0]!.body).toMatchObject({ city: "Rotterdam", country: "NL", accountId: "acc-1" });
  });

  it("a business's form shows its country by name, and a code from before the picker stays savable", async () => {
    const stored = business({ country: "XK" });
    server.use(
      http.get("*/api/businesses/:id", () => HttpResponse.json(stored)),
      http.put("*/api/businesses/:id", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        db.bodies.push({ method: "PUT", path: "businesses/b-1", body });
        return HttpResponse.json({ ...stored, ...body, version: stored.version + 1 });
      }),
    );
    await renderConsole("/accounts/business/b-1", { role: "SuperAdmin" });
    const country = await screen.findByRole("combobox", { name: /^Country/ });
    // XK (Kosovo) is no ISO 3166-1 code of the list, but the record holds it.
    await waitFor(() => expect(country).toHaveValue("Kosovo"));
    fireEvent.change(screen.getByRole("textbox", { name: /^City/ }), { target: { value: "Pristina" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(db.bodies).toHaveLength(1));
    expect(db.bodies[0]!.body).toMatchObject({ city: "Pristina", country: "XK" });

    await pickCountry(document.body, "belg", "Belgium");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(db.bodies).toHaveLength(2));
    expect(db.bodies[1]!.body).toMatchObject({ country: "BE" });
  });
});
