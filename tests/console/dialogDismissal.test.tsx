import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderConsole } from "./harness/renderConsole";
import { installResourceService } from "./harness/resourceService";

/**
 * A form's dialog keeps what was typed (outside review: Escape or a click beside a dialog threw the
 * typing away): a click beside it does nothing, Escape asks "Discard your changes?" (Keep editing,
 * the least destructive, first), and with nothing typed both close it as before.
 */
installResourceService();

const pressEscape = (dialog: HTMLElement) => fireEvent.keyDown(dialog, { key: "Escape" });

/** A click on the dimmed page beside the dialog (MUI reads a press and a click on its container). */
function clickBeside(dialog: HTMLElement) {
  const beside = dialog.closest(".MuiDialog-container")!;
  fireEvent.mouseDown(beside);
  fireEvent.click(beside);
}

async function expectKeptOpen(name: string, field: RegExp, value: string) {
  const dialog = screen.getByRole("dialog", { name });
  expect(within(dialog).getByRole("textbox", { name: field })).toHaveValue(value);
}

describe("a form's dialog keeps what was typed", () => {
  it("New account (a create dialog): a click beside it is ignored, Escape asks, Keep editing keeps, Discard closes", async () => {
    await renderConsole("/accounts", { role: "SuperAdmin" });
    fireEvent.click(await screen.findByRole("button", { name: "New account" }));
    const dialog = await screen.findByRole("dialog", { name: "Create an account" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Name/ }), { target: { value: "Lovelace Gems" } });

    clickBeside(dialog);
    await expectKeptOpen("Create an account", /^Name/, "Lovelace Gems");

    pressEscape(dialog);
    const question = await screen.findByRole("dialog", { name: "Discard your changes?" });
    fireEvent.click(within(question).getByRole("button", { name: "Keep editing" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Discard your changes?" })).not.toBeInTheDocument(),
    );
    await expectKeptOpen("Create an account", /^Name/, "Lovelace Gems");

    pressEscape(screen.getByRole("dialog", { name: "Create an account" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Discard your changes?" })).getByRole("button", {
        name: "Discard",
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Create an account" })).not.toBeInTheDocument());
  });

  it("Invite a user (an action's dialog): typed, Escape asks; untouched, Escape closes at once", async () => {
    await renderConsole("/users", { role: "Admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Invite user" }));
    let dialog = await screen.findByRole("dialog", { name: "Invite a user" });
    pressEscape(dialog);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Invite a user" })).not.toBeInTheDocument());
    expect(screen.queryByRole("dialog", { name: "Discard your changes?" })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Invite user" }));
    dialog = await screen.findByRole("dialog", { name: "Invite a user" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Email/ }), { target: { value: "new@example.com" } });
    clickBeside(dialog);
    await expectKeptOpen("Invite a user", /^Email/, "new@example.com");
    pressEscape(dialog);
    expect(await screen.findByRole("dialog", { name: "Discard your changes?" })).toBeInTheDocument();
  });

  it("a move to another page while typed (the palette, a link, Back) waits for the same question", async () => {
    await renderConsole("/users", { role: "Admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Invite user" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a user" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Email/ }), { target: { value: "new@example.com" } });
    // The menu's link behind the dialog, as the command palette's pick: the console's own navigation.
    const devices = () => screen.getByRole("link", { name: "Devices", hidden: true });
    fireEvent.click(devices());
    const question = await screen.findByRole("dialog", { name: "Discard your changes?" });
    fireEvent.click(within(question).getByRole("button", { name: "Keep editing" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Discard your changes?" })).not.toBeInTheDocument(),
    );
    expect(window.location.pathname).toBe("/users");
    await expectKeptOpen("Invite a user", /^Email/, "new@example.com");

    fireEvent.click(devices());
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Discard your changes?" })).getByRole("button", {
        name: "Discard",
      }),
    );
    await waitFor(() => expect(window.location.pathname).toBe("/devices"));
    expect(screen.queryByRole("dialog", { name: "Invite a user" })).not.toBeInTheDocument();
  });
});
