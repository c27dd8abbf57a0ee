import { describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { renderConsole } from "./harness/renderConsole";
import { server } from "./harness/server";
import { day, db, device as makeDevice, installResourceService, user } from "./harness/resourceService";

installResourceService();
/**
 * A high-impact Delete: the button, its confirmation, then the password re-check (`beforePassword`
 * runs while the re-check is open: nothing deleted yet).
 */
async function deleteAfterRecheck(button: string, question: string | RegExp, beforePassword: () => void) {
  fireEvent.click(await screen.findByRole("button", { name: button }));
  const confirm = await screen.findByRole("dialog", { name: question });
  fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
  const password = await screen.findByRole("dialog", { name: "Confirm your password" });
  beforePassword();
  fireEvent.change(within(password).getByLabelText("Password"), { target: { value: "demo1234" } });
  const go = within(password).getByRole("button", { name: "Continue" });
  await waitFor(() => expect(go).toBeEnabled());
  fireEvent.click(go);
}

describe("own account and payments", () => {
  it("lets the account owner rename the account on /account", async () => {
    db.accounts[0].ownerId = "user-Admin";
    server.use(
      http.put("*/api/account", async ({ request }) => {
        const body = (await request.json()) as { version: number; name: string; ownerId: string };
        db.bodies.push({ method: "PUT", path: "account", body });
        // The service keeps names trimmed.
        Object.assign(db.accounts[0], { ...body, name: body.name.trim(), version: body.version + 1 });
        return HttpResponse.json(db.accounts[0]);
      }),
    );
    await renderConsole("/account", { role: "Admin" });
    expect(await screen.findByRole("heading", { name: "My account" })).toBeInTheDocument();
    const name = await screen.findByLabelText("Name *");
    // One card: the form for the name and owner, the account's other details under it.
    expect(screen.getAllByRole("heading", { name: "Account details" })).toHaveLength(1);
    expect(screen.getByText("Country")).toBeInTheDocument();
    fireEvent.change(name, { target: { value: " Gems & Co " } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Changes saved")).toBeInTheDocument();
    expect(db.bodies.at(-1)).toEqual({
      method: "PUT",
      path: "account",
      body: { version: 1, name: " Gems & Co ", ownerId: "user-Admin" },
    });
    // Saved, the form is the account as the service keeps it: nothing left unsaved to warn about.
    await waitFor(() => expect(name).toHaveValue("Gems & Co"));
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    // The page's header reads the account again: its new name.
    expect(await screen.findByText("Gems & Co")).toBeInTheDocument();
  });

  it("shows the service's refusal on its field of the own-account form, keeping the typed name", async () => {
    db.accounts[0].ownerId = "user-Admin";
    server.use(
      http.put("*/api/account", () =>
        HttpResponse.json(
          { message: "name: This name is already used.", errors: { name: "This name is already used." } },
          { status: 422 },
        ),
      ),
    );
    await renderConsole("/account", { role: "Admin" });
    const name = await screen.findByLabelText("Name *");
    fireEvent.change(name, { target: { value: "Gems & Co" } });
    const save = screen.getByRole("button", { name: "Save" });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    const field = name.closest(".MuiFormControl-root") as HTMLElement;
    expect(await within(field).findByText("This name is already used.")).toBeInTheDocument();
    expect(name).toHaveValue("Gems & Co");
    // The form passed its own checks: the notice says nothing was saved, not that the form "is not valid".
    expect(await screen.findByText("Not saved: see the message under each marked field.")).toBeInTheDocument();
    expect(screen.queryByText(/form is not valid/)).toBeNull();
  });

  it("says the own account changed meanwhile, keeps the typed name and saves against the reloaded version", async () => {
    db.accounts[0].ownerId = "user-Admin";
    server.use(
      http.put("*/api/account", async ({ request }) => {
        const body = (await request.json()) as { version: number; name: string; ownerId: string };
        db.bodies.push({ method: "PUT", path: "account", body });
        if (body.version !== db.accounts[0].version) {
          return HttpResponse.json({ message: "This record was changed by someone else." }, { status: 409 });
        }
        Object.assign(db.accounts[0], { ...body, version: body.version + 1 });
        return HttpResponse.json(db.accounts[0]);
      }),
    );
    await renderConsole("/account", { role: "Admin" });
    const name = await screen.findByLabelText("Name *");
    // Another owner's tab renamed it meanwhile.
    Object.assign(db.accounts[0], { version: 2, name: "Renamed elsewhere" });
    fireEvent.change(name, { target: { value: "Gems & Co" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("This record was changed by someone else.", { selector: ".MuiAlertTitle-root" }),
    ).toBeInTheDocument();
    expect(name).toHaveValue("Gems & Co");
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    await waitFor(() =>
      expect(
        screen.queryByText("This record was changed by someone else.", { selector: ".MuiAlertTitle-root" }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText("Name *")).toHaveValue("Gems & Co");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(db.accounts[0]).toMatchObject({ name: "Gems & Co", version: 3 }));
    expect(db.bodies.at(-1)).toEqual({
      method: "PUT",
      path: "account",
      body: { version: 2, name: "Gems & Co", ownerId: "user-Admin" },
    });
  });

  it("deletes an account only after the confirmation and the password re-check, then lists the accounts", async () => {
    const deleted: string[] = [];
    server.use(
      http.delete("*/api/accounts/:id", ({ params }) => {
        deleted.push(String(params.id));
        const target = db.accounts.find((item) => item.id === params.id)!;
        Object.assign(target, { status: "pending_deletion", version: target.version + 1 });
        return HttpResponse.json(target);
      }),
    );
    await renderConsole("/accounts/acc-1", { role: "SuperAdmin" });
    await deleteAfterRecheck("Delete account", "Delete account", () => expect(deleted).toEqual([]));
    expect(await screen.findByText("Account scheduled for deletion")).toBeInTheDocument();
    expect(deleted).toEqual(["acc-1"]);
    await waitFor(() => expect(window.location.pathname).toBe("/accounts"));
  });

  it("deletes a user only after the confirmation and the password re-check, then lists the users", async () => {
    db.users.push(user("u-9", "User", "acc-1"));
    const deleted: string[] = [];
    server.use(
      http.delete("*/api/users/:id", ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json(db.users.find((item) => item.id === params.id));
      }),
    );
    await renderConsole("/users/u-9", { role: "SuperAdmin" });
    await deleteAfterRecheck("Delete user", /^Delete/, () => expect(deleted).toEqual([]));
    expect(await screen.findByText("User deleted")).toBeInTheDocument();
    expect(deleted).toEqual(["u-9"]);
    await waitFor(() => expect(window.location.pathname).toBe("/users"));
  });

  it("shows a manager their account read-only, naming the owner", async () => {
    await renderConsole("/account", { role: "Manager" });
    expect(await screen.findByText(/Only the account owner \(Owner 1\)/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
  });

  it("refunds a payment after the password re-check", async () => {
    db.payments = [
      {
        id: "p-1",
        version: 4,
        accountId: "acc-1",
        accountName: "Account 01",
        subscriptionId: "s-1",
        amount: 4900,
        currency: "USD",
        status: "succeeded",
        method: "card",
        methodDetail: "Visa •••• 4242",
        invoiceNumber: "INV-0042",
        date: day(10),
        refundedAmount: 0,
        failureReason: null,
      },
    ];
    server.use(
      http.post("*/api/users/password/check", async ({ request }) => {
        const { password } = (await request.json()) as { password: string };
        return HttpResponse.json({ isCorrect: password === "demo1234" });
      }),
      http.post("*/api/payments/:id/refund", async ({ params, request }) => {
        const body = (await request.json()) as { version: number; reason: string; amount?: number };
        db.bodies.push({ method: "POST", path: `payments/${String(params.id)}/refund`, body });
        Object.assign(db.payments[0], { status: "refunded", refundedAmount: 4900, version: 5 });
        return HttpResponse.json(db.payments[0]);
      }),
    );
    await renderConsole("/payment/p-1", { role: "SuperAdmin" });
    expect(await screen.findByRole("heading", { name: "Payment INV-0042" })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund payment INV-0042" });
    expect(within(dialog).getByLabelText("Amount to refund (USD)")).toHaveValue("49");
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(await within(dialog).findByText("Say why the payment is refunded.")).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Charged twice" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));

    const password = await screen.findByRole("dialog", { name: "Confirm your password" });
    fireEvent.change(within(password).getByLabelText("Password"), { target: { value: "demo1234" } });
    // The password form's Continue waits for its validators.
    const passwordContinue = within(password).getByRole("button", { name: "Continue" });
    await waitFor(() => expect(passwordContinue).toBeEnabled());
    fireEvent.click(passwordContinue);
    expect(await screen.findByText("Refund of $49.00 issued")).toBeInTheDocument();
    expect(db.bodies.at(-1)).toEqual({
      method: "POST",
      path: "payments/p-1/refund",
      body: { version: 4, reason: "Charged twice" },
    });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Refund" })).not.toBeInTheDocument());
  });

  it("shows admins their payment without the refund action, and says when a payment is not theirs", async () => {
    db.payments = [
      {
        id: "p-2",
        version: 1,
        accountId: "acc-1",
        accountName: "Account 01",
        subscriptionId: null,
        amount: 1000,
        currency: "EUR",
        status: "succeeded",
        method: "invoice",
        methodDetail: null,
        invoiceNumber: "INV-0007",
        date: day(2),
        refundedAmount: 0,
        failureReason: null,
      },
    ];
    await renderConsole("/payment/p-2", { role: "Admin" });
    expect(await screen.findByRole("heading", { name: "Payment INV-0007" })).toBeInTheDocument();
    expect(screen.getAllByText("€10.00").length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "Refund" })).not.toBeInTheDocument();

    cleanup();
    await renderConsole("/payment/p-9", { role: "Admin" });
    expect(await screen.findByText("This record does not exist, or you cannot see it.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to home" })).toHaveAttribute("href", "/");
  });
});

/**
 * Every resource form is a react-admin form: its validators say what is wrong and nothing is sent;
 * the service's field errors (a 422 `errors` map) show under their fields; the input is kept.
 */
describe("resource forms (react-admin forms: validation, submit, server field errors)", () => {
  const fieldOf = (input: HTMLElement) => input.closest(".MuiFormControl-root") as HTMLElement;

  it("saved filters: a name is required and new, and the service's refusal shows on the field", async () => {
    db.savedQueries = [
      {
        id: "q-1",
        resource: "accounts",
        label: "UK",
        value: { filter: { country: "GB" }, sort: { field: "createdAt", order: "DESC" }, perPage: 25 },
        createdAt: day(0),
      },
    ];
    server.use(
      http.post("*/api/saved-queries", async ({ request }) => {
        db.bodies.push({ method: "POST", path: "saved-queries", body: await request.json() });
        return HttpResponse.json(
          { message: "label: Keep at most 50 saved filters.", errors: { label: "Keep at most 50 saved filters." } },
          { status: 422 },
        );
      }),
    );
    await renderConsole('/accounts?filter={"status":"suspended"}', { role: "SuperAdmin" });
    const aside = await screen.findByRole("complementary");
    fireEvent.click(await within(aside).findByRole("button", { name: "Save current filters" }));
    const dialog = await screen.findByRole("dialog", { name: "Save these filters" });
    const name = within(dialog).getByLabelText("Name");

    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Give these filters a name.")).toBeInTheDocument();
    fireEvent.change(name, { target: { value: " uk " } });
    expect(await within(dialog).findByText("You already have saved filters with this name.")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(db.bodies).toEqual([]);

    fireEvent.change(name, { target: { value: "Suspended" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(fieldOf(name)).findByText("Keep at most 50 saved filters.")).toBeInTheDocument();
    expect(db.bodies).toHaveLength(1);
    expect(name).toHaveValue("Suspended");
  });

  it("invite: says which fields are missing before sending, then shows the service's field error, as typed", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post("*/api/invitations", async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { message: "email: This email is already used.", errors: { email: "This email is already used." } },
          { status: 422 },
        );
      }),
    );
    await renderConsole("/users", { role: "Admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Invite user" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a user" });
    // Wider than a record action's dialog: first and last name side by side.
    expect(dialog).toHaveClass("MuiDialog-paperWidthSm");
    fireEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(within(dialog).getAllByText("Required")).toHaveLength(3));
    expect(sent).toEqual([]);

    const email = within(dialog).getByLabelText("Email *");
    fireEvent.change(email, { target: { value: "taken@example.com" } });
    fireEvent.change(within(dialog).getByLabelText("First name *"), { target: { value: "Nora" } });
    fireEvent.change(within(dialog).getByLabelText("Last name *"), { target: { value: "Hale" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(fieldOf(email)).findByText("This email is already used.")).toBeInTheDocument();
    expect(sent).toEqual([{ email: "taken@example.com", firstName: "Nora", lastName: "Hale", role: "User" }]);
    expect(email).toHaveValue("taken@example.com");
    expect(within(dialog).getByLabelText("First name *")).toHaveValue("Nora");
    // Cancel closes it, sending nothing more.
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);
  });

  it("invite: sends the typed invitation (react-admin's create) and shows the link to share", async () => {
    server.use(
      http.post("*/api/invitations", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        db.bodies.push({ method: "POST", path: "invitations", body });
        return HttpResponse.json({ id: "inv-1", code: "c0de", userId: "u-9", ...body }, { status: 201 });
      }),
    );
    await renderConsole("/users", { role: "Admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Invite user" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a user" });
    fireEvent.change(within(dialog).getByLabelText("Email *"), { target: { value: " nora@example.com " } });
    fireEvent.change(within(dialog).getByLabelText("First name *"), { target: { value: "Nora" } });
    fireEvent.change(within(dialog).getByLabelText("Last name *"), { target: { value: "Hale" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByLabelText("Invitation link")).toHaveValue(
      `${window.location.origin}/invitation/c0de`,
    );
    expect(db.bodies.at(-1)).toEqual({
      method: "POST",
      path: "invitations",
      body: { email: "nora@example.com", firstName: "Nora", lastName: "Hale", role: "User" },
    });
  });

  it("change role: Save waits for another role, and the service's refusal shows on the role", async () => {
    server.use(
      http.post("*/api/users/:id/role", () =>
        HttpResponse.json(
          { message: "role: An account must keep an Admin.", errors: { role: "An account must keep an Admin." } },
          { status: 422 },
        ),
      ),
    );
    await renderConsole("/users/u-2", { role: "Admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Change role" }));
    const dialog = await screen.findByRole("dialog", { name: "Change the role of Grace Hopper" });
    const save = within(dialog).getByRole("button", { name: "Change role" });
    expect(save).toBeDisabled();
    fireEvent.mouseDown(within(dialog).getByRole("combobox"));
    fireEvent.click(await screen.findByRole("option", { name: "Admin" }));
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await within(dialog).findByText("An account must keep an Admin.")).toBeInTheDocument();
    expect(within(dialog).getByRole("combobox")).toHaveTextContent("Admin");
  });

  it("refund: an amount out of range is refused before the password check; the service's refusal shows on it", async () => {
    db.payments = [
      {
        id: "p-1",
        version: 4,
        accountId: "acc-1",
        accountName: "Account 01",
        subscriptionId: null,
        amount: 4900,
        currency: "USD",
        status: "succeeded",
        method: "card",
        methodDetail: null,
        invoiceNumber: "INV-0042",
        date: day(10),
        refundedAmount: 0,
        failureReason: null,
      },
    ];
    server.use(
      http.post("*/api/users/password/check", () => HttpResponse.json({ isCorrect: true })),
      http.post("*/api/payments/:id/refund", () =>
        HttpResponse.json(
          { message: "amount: Refund at most $20.00.", errors: { amount: "Refund at most $20.00." } },
          { status: 422 },
        ),
      ),
    );
    await renderConsole("/payment/p-1", { role: "SuperAdmin" });
    fireEvent.click(await screen.findByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund payment INV-0042" });
    const amount = within(dialog).getByLabelText("Amount to refund (USD)");
    fireEvent.change(amount, { target: { value: "100" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Charged twice" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(await within(dialog).findByText("Enter an amount between 0.01 and $49.00.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Confirm your password" })).not.toBeInTheDocument();

    fireEvent.change(amount, { target: { value: "30" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    const password = await screen.findByRole("dialog", { name: "Confirm your password" });
    fireEvent.change(within(password).getByLabelText("Password"), { target: { value: "demo1234" } });
    // The password form's Continue waits for its validators.
    const passwordContinue = within(password).getByRole("button", { name: "Continue" });
    await waitFor(() => expect(passwordContinue).toBeEnabled());
    fireEvent.click(passwordContinue);
    const again = await screen.findByRole("dialog", { name: "Refund payment INV-0042" });
    expect(await within(again).findByText("Refund at most $20.00.")).toBeInTheDocument();
    expect(within(again).getByLabelText("Amount to refund (USD)")).toHaveValue("30");
    expect(within(again).getByLabelText("Reason")).toHaveValue("Charged twice");
  });

  it("rename box: a name over 60 characters is refused before sending; a good one is saved with the version", async () => {
    const device = makeDevice({ version: 2, phoneBrand: null, phoneModel: null, phoneOs: null });
    server.use(
      http.get("*/api/devices/:id", () => HttpResponse.json(device)),
      http.post("*/api/devices/:id/custom-name", async ({ request }) => {
        const body = (await request.json()) as { customBoxName: string | null };
        db.bodies.push({ method: "POST", path: "devices/d-1/custom-name", body });
        Object.assign(device, { customBoxName: body.customBoxName, version: device.version + 1 });
        return HttpResponse.json(device);
      }),
    );
    await renderConsole("/devices/d-1", { role: "Admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Rename box" }));
    const dialog = await screen.findByRole("dialog", { name: "Custom box name" });
    const name = within(dialog).getByLabelText("Box name");
    fireEvent.change(name, { target: { value: "x".repeat(61) } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Must be 60 characters or less")).toBeInTheDocument();
    expect(db.bodies).toEqual([]);

    fireEvent.change(name, { target: { value: "  Front desk " } });
    // react-admin's Save waits while the change is validated.
    const save = within(dialog).getByRole("button", { name: "Save" });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(db.bodies).toEqual([
      { method: "POST", path: "devices/d-1/custom-name", body: { customBoxName: "Front desk", version: 2 } },
    ]);
    expect(await screen.findByRole("heading", { name: "Front desk" })).toBeInTheDocument();
  });

  it("firmware upload: says what is missing before uploading, then shows the service's refusal on its field", async () => {
    const uploads: string[] = [];
    server.use(
      http.post("*/api/firmware", async ({ request }) => {
        const form = await request.formData();
        uploads.push(`${String(form.get("firmwareVersion"))} ${form.has("file") ? "with" : "without"} a file`);
        return HttpResponse.json(
          {
            message: "firmwareVersion: 4.2.1 already exists for this device type.",
            errors: { firmwareVersion: "4.2.1 already exists for this device type." },
          },
          { status: 422 },
        );
      }),
    );
    await renderConsole("/firmware/upload", { role: "SuperAdmin" });
    const upload = await screen.findByRole("button", { name: "Upload" });
    fireEvent.click(upload);
    expect(await screen.findByText("Choose the firmware file.")).toBeInTheDocument();
    expect(screen.getByText("Use a version like 4.2.1 (optionally 4.2.1-beta).")).toBeInTheDocument();
    expect(screen.getByText("Required")).toBeInTheDocument();
    expect(uploads).toEqual([]);

    // An empty file is refused as chosen: it would be a build with nothing to install.
    fireEvent.change(screen.getByTestId("firmware-file"), { target: { files: [new File([], "gem-4.2.1.bin")] } });
    expect(await screen.findByText("The file is empty.")).toBeInTheDocument();
    fireEvent.change(screen.getByTestId("firmware-file"), {
      target: { files: [new File(["firmware"], "gem-4.2.1.bin")] },
    });
    expect(await screen.findByText("gem-4.2.1.bin (8 B)")).toBeInTheDocument();
    expect(screen.queryByText("The file is empty.")).toBeNull();
    const version = screen.getByLabelText("Version *");
    fireEvent.change(version, { target: { value: "4.2.1" } });
    // Notes of spaces only are none: said before the file is sent, not after (outside review).
    fireEvent.change(screen.getByLabelText("Release notes *"), { target: { value: "   " } });
    fireEvent.click(upload);
    expect(await screen.findByText("Required")).toBeInTheDocument();
    expect(uploads).toEqual([]);
    fireEvent.change(screen.getByLabelText("Release notes *"), { target: { value: "Faster sync." } });
    fireEvent.click(upload);
    const field = version.closest(".MuiFormControl-root") as HTMLElement;
    expect(await within(field).findByText("4.2.1 already exists for this device type.")).toBeInTheDocument();
    // Said once, under its field: not again in the service's raw words above Upload or in a toast.
    expect(screen.getAllByText(/already exists for this device type/)).toHaveLength(1);
    expect(uploads).toEqual(["4.2.1 with a file"]);
    expect(version).toHaveValue("4.2.1");
    expect(screen.getByLabelText("Release notes *")).toHaveValue("Faster sync.");
  });
});
