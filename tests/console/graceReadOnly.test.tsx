import { beforeAll, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { CONTRACT } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { server, state, type ServiceState } from "./harness/server";
import { makeTest } from "./harness/testFixture";
import { db, installResourceService } from "./harness/resourceService";

/**
 * Read-only accounts get read-only forms (issue 26 item 4): while the account is in its grace period
 * (GET v2/payments/subscription answers inactive plus readOnlyUntil), the writes the service refuses
 * (src/access/graceWrites.ts, held against the service's routes by tests/server/graceWrites.test.ts)
 * are offered disabled with the reason, and no Save; those it allows (the password, the
 * preferences, downloads) stay as they are.
 */
const REASON = "Read-only until a new subscription starts.";
const inGrace = (service: ServiceState) =>
  (service.subscription = {
    ...CONTRACT.subscription.inactive.body,
    message:
      "Your subscription was canceled. Your account is read-only for 12 days more (until 2026-12-06): start a new subscription to keep your data, or it will be deleted.",
    readOnlyUntil: "2026-12-06T09:00:00.000Z",
  });

beforeAll(async () => {
  await Promise.all([
    import("../../src/App"),
    import("../../src/custom/testDetail/TestDetailPage"),
    import("../../src/custom/userSettings/UserSettingsPage"),
  ]);
}, 30_000);

const banner = () => screen.findByText("Your account is read-only");

installResourceService();

describe("User Settings in the grace period", () => {
  it("shows the name and the photo disabled with the reason, no Save; the password and preferences stay open", async () => {
    await renderConsole("/user-settings", { role: "User", service: inGrace });
    await banner();
    const profile = await screen.findByRole("region", { name: "Profile" });
    await waitFor(() => expect(within(profile).getByLabelText("First name *")).toBeDisabled());
    expect(within(profile).getByLabelText("Last name *")).toBeDisabled();
    expect(within(profile).getByLabelText("Photo")).toBeDisabled();
    expect(within(profile).queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    expect(within(profile).getAllByText(REASON).length).toBeGreaterThan(0);

    // Allowed during the grace period: one's own password and preferences.
    const password = screen.getByRole("region", { name: "Password" });
    expect(within(password).getByLabelText("Current password *")).toBeEnabled();
    expect(within(password).queryByText(REASON)).not.toBeInTheDocument();
    const ui = await screen.findByRole("region", { name: "Interface" });
    expect(within(ui).getByRole("button", { name: "Save" })).toBeInTheDocument();
    expect(within(ui).queryByText(REASON)).not.toBeInTheDocument();
  });

  it("offers the same form to an active account, and to a super admin of any", async () => {
    for (const [role, service] of [
      ["User", undefined],
      ["SuperAdmin", inGrace],
    ] as const) {
      const { unmount } = await renderConsole("/user-settings", { role, service });
      const profile = await screen.findByRole("region", { name: "Profile" });
      await waitFor(() => expect(state.calls).toContain("GET v2/payments/subscription"));
      expect(await within(profile).findByRole("button", { name: "Save" })).toBeInTheDocument();
      expect(within(profile).getByLabelText("First name *")).toBeEnabled();
      expect(screen.queryByText(REASON)).not.toBeInTheDocument();
      unmount();
    }
  });
});

describe("a test's page in the grace period", () => {
  const serveTest = () => {
    const test = makeTest();
    server.use(http.get("*/api/v3/tests/:id", () => HttpResponse.json(test)));
    return test;
  };

  it("offers Edit, Add file, Share and Delete disabled with the reason; the way back stays", async () => {
    serveTest();
    await renderConsole("/gallery/item/t-100", { role: "Admin", service: inGrace });
    await banner();
    const toolbar = await screen.findByRole("toolbar", { name: "Solitaire ring" });
    for (const name of ["Edit", "Add file", "Share test", "Delete Test"]) {
      const button = within(toolbar).getByRole("button", { name });
      await waitFor(() => expect(button).toBeDisabled());
      expect(button).toHaveAccessibleDescription(REASON);
    }
    expect(within(toolbar).getByRole("link", { name: "Back to Gallery" })).toBeInTheDocument();
    fireEvent.click(within(toolbar).getByRole("button", { name: "Edit" }));
    expect(screen.queryByRole("dialog", { name: "Edit Test" })).not.toBeInTheDocument();
  });

  it("lets an active account edit", async () => {
    serveTest();
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    const toolbar = await screen.findByRole("toolbar", { name: "Solitaire ring" });
    await waitFor(() => expect(state.calls).toContain("GET v2/payments/subscription"));
    fireEvent.click(within(toolbar).getByRole("button", { name: "Edit" }));
    expect(await screen.findByRole("dialog", { name: "Edit Test" })).toBeInTheDocument();
    expect(screen.queryByText(REASON)).not.toBeInTheDocument();
  });
});

describe("an admin's people and account in the grace period", () => {
  it("offers Invite, Change role and Disable disabled with the reason, and a person's form without Save", async () => {
    await renderConsole("/users", { role: "Admin", service: inGrace });
    await banner();
    const invite = await screen.findByRole("button", { name: "Invite user" });
    await waitFor(() => expect(invite).toBeDisabled());
    expect(invite).toHaveAccessibleDescription(REASON);

    fireEvent.click(await screen.findByRole("link", { name: "Grace Hopper" }));
    const role = await screen.findByRole("button", { name: "Change role" });
    await waitFor(() => expect(role).toBeDisabled());
    expect(role).toHaveAccessibleDescription(REASON);
    expect(screen.getByRole("button", { name: "Disable" })).toHaveAccessibleDescription(REASON);
    await waitFor(() => expect(screen.getByLabelText("First name *")).toBeDisabled());
    // The pickers too (react-admin's AutocompleteInput does not follow a disabled form by itself).
    expect(screen.getByRole("combobox", { name: "Business" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    expect(screen.getAllByText(REASON).length).toBeGreaterThan(0);
  });

  it("shows the owner's own-account form without Save", async () => {
    db.accounts[0].ownerId = "user-Admin";
    await renderConsole("/account", { role: "Admin", service: inGrace });
    await banner();
    await waitFor(() => expect(screen.getByLabelText("Name *")).toBeDisabled());
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    expect(screen.getByText(REASON)).toBeInTheDocument();
  });
});
