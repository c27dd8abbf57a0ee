import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import type { Invitation } from "../../src/api/resources";
import type { Role } from "../../src/api/types";
import { CONTRACT, INVITATION } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { reply, server, type ServiceState } from "./harness/server";
import { db, installResourceService, user } from "./harness/resourceService";

/**
 * A new invitation link for an invited user (docs/decisions.md "Invitations send no email"): on
 * the user's page, for whoever may invite into its account and only while the user is invited, a
 * button asks first (the earlier link stops working), then shows the new link with Copy link, as
 * the Invite dialog does. The service's answer is the contract's (CONTRACT.reissueInvitation).
 */
installResourceService();

const INVITED = "u-invited";
const NEW_CODE = "n3w-c0de";

/** An invited user of the signed-in people's account, and POST users/{id}/invitation as the service answers it. */
function serveInvitedUser(): { calls: string[] } {
  db.users.push({
    ...user(INVITED, "User"),
    firstName: "Nora",
    lastName: "Hale",
    email: INVITATION.email,
    status: "invited",
    lastSignInAt: null,
  });
  const calls: string[] = [];
  server.use(
    http.post("*/api/users/:id/invitation", async ({ params, request }) => {
      calls.push(`POST users/${String(params.id)}/invitation ${await request.text()}`);
      const answer: Invitation = { ...INVITATION, code: NEW_CODE, userId: String(params.id) };
      return reply(CONTRACT.reissueInvitation.ok, answer, { Location: `/api/invitations/${NEW_CODE}` });
    }),
  );
  return { calls };
}

const inGrace = (service: ServiceState) =>
  (service.subscription = {
    ...CONTRACT.subscription.inactive.body,
    readOnlyUntil: "2026-12-06T09:00:00.000Z",
  });

const BUTTON = { name: "New invitation link" };

/**
 * The button never shows: canAccess answers after the page draws, so its absence is watched for a
 * while (an offered button shows within a few milliseconds of the page).
 */
const expectNoButton = () => expect(screen.findByRole("button", BUTTON, { timeout: 1000 })).rejects.toThrow();

afterEach(() => vi.restoreAllMocks());

describe("New invitation link on an invited user's page", () => {
  it("asks first, then shows the new link with Copy link (an Admin)", async () => {
    const { calls } = serveInvitedUser();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await renderConsole(`/users/${INVITED}`, { role: "Admin" });
    fireEvent.click(await screen.findByRole("button", BUTTON));

    const confirm = await screen.findByRole("dialog", { name: "New invitation link for Nora Hale" });
    expect(confirm).toHaveTextContent("Make a new invitation link? The earlier link stops working.");
    expect(calls).toEqual([]);
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));

    const shown = await screen.findByRole("dialog", { name: "Invitation link for Nora Hale" });
    const link = `${window.location.origin}/invitation/${NEW_CODE}`;
    expect(within(shown).getByLabelText("Invitation link")).toHaveValue(link);
    expect(shown).toHaveTextContent(`New invitation link made for ${INVITATION.email}`);
    expect(calls).toEqual([`POST users/${INVITED}/invitation `]);

    fireEvent.click(within(shown).getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(link);
    fireEvent.click(within(shown).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls).toHaveLength(1);
  });

  it("sends nothing when the confirmation is canceled", async () => {
    const { calls } = serveInvitedUser();
    await renderConsole(`/users/${INVITED}`, { role: "Admin" });
    fireEvent.click(await screen.findByRole("button", BUTTON));
    const confirm = await screen.findByRole("dialog", { name: "New invitation link for Nora Hale" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls).toEqual([]);
  });

  it.each<[Role]>([["Manager"], ["User"]])("is not offered to a %s", async (role) => {
    serveInvitedUser();
    await renderConsole(`/users/${INVITED}`, { role });
    expect(await screen.findByRole("heading", { name: "Nora Hale" })).toBeInTheDocument();
    await expectNoButton();
  });

  it("is not offered on an active user's page", async () => {
    serveInvitedUser();
    await renderConsole("/users/u-2", { role: "Admin" });
    // The page's other actions are there: only this one is not.
    expect(await screen.findByRole("button", { name: "Change role" })).toBeInTheDocument();
    await expectNoButton();
  });

  it("is offered disabled, with the reason, while the account is read-only (the grace period)", async () => {
    const { calls } = serveInvitedUser();
    await renderConsole(`/users/${INVITED}`, { role: "Admin", service: inGrace });
    const button = await screen.findByRole("button", BUTTON);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription("Read-only until a new subscription starts.");
    expect(calls).toEqual([]);
  });
});
