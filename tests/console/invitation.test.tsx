import { beforeAll, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { InvitationAccept, InvitationPublic } from "../../src/api/resources";
import { renderConsole } from "./harness/renderConsole";
import { fakeToken, server, state, userFor } from "./harness/server";

const CODE = "good-code";
const NOT_VALID = "This invitation is not valid any more.";
const invitation: InvitationPublic = {
  email: "manager@example.com",
  firstName: "Ada",
  lastName: "Manager",
  role: "Manager",
  accountName: "Brilliant Gems Ltd",
  expiresAt: "2030-01-01T00:00:00.000Z",
};

/** The two public invitation calls, answered as the service does; `accepted` records the bodies. */
function serveInvitations() {
  const accepted: InvitationAccept[] = [];
  server.use(
    http.get("*/api/invitations/:code", ({ params, request }) => {
      state.calls.push(`GET invitations/${String(params.code)}`);
      expect(request.headers.get("authorization")).toBeNull();
      return params.code === CODE
        ? HttpResponse.json(invitation)
        : HttpResponse.json({ message: NOT_VALID }, { status: 404 });
    }),
    http.post("*/api/invitations/:code/accept", async ({ request }) => {
      state.calls.push("POST invitations/accept");
      accepted.push((await request.json()) as InvitationAccept);
      return HttpResponse.json({
        accessToken: fakeToken("user-Manager", "Manager"),
        refreshToken: "refresh:Manager:1",
        user: userFor("Manager"),
      });
    }),
  );
  return accepted;
}

// The page loads on demand, and the first import of its modules in a cold worker takes seconds:
// paid once here rather than inside the first test.
beforeAll(async () => {
  await Promise.all([import("../../src/Console"), import("../../src/custom/invitation/InvitationPage")]);
}, 60_000);

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const accept = () => fireEvent.click(screen.getByRole("button", { name: "Accept invitation" }));

describe("accept an invitation (spec §2 /invitation/:inviteCode)", () => {
  it("shows the invitation in the guest shell", async () => {
    serveInvitations();
    await renderConsole(`/invitation/${CODE}`);
    expect(await screen.findByRole("heading", { name: "Accept your invitation" })).toBeInTheDocument();
    expect(await screen.findByTestId("invitation-account")).toHaveTextContent("Brilliant Gems Ltd");
    expect(screen.getByTestId("invitation-email")).toHaveTextContent("manager@example.com");
    expect(screen.getByTestId("invitation-role")).toHaveTextContent("Manager");
    expect(screen.getByTestId("app-title")).toHaveTextContent("Gemtest Guest");
  });

  it("checks the form before sending anything: required, at least 8 characters, matching", async () => {
    serveInvitations();
    await renderConsole(`/invitation/${CODE}`);
    await screen.findByTestId("invitation-account");
    // The names the inviter typed are filled in; emptied, they are required.
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveValue("Ada"));
    expect(screen.getByLabelText("Last name")).toHaveValue("Manager");
    fill("First name", "");
    fill("Last name", "");
    accept();
    expect(await screen.findByText("Enter your first name.")).toBeInTheDocument();
    expect(screen.getByText("Enter your last name.")).toBeInTheDocument();
    expect(screen.getByText("Choose a password.")).toBeInTheDocument();
    expect(screen.getByText("Enter the password again.")).toBeInTheDocument();

    fill("First name", "Grace");
    fill("Last name", "Hopper");
    fill("Password", "short");
    fill("Confirm password", "short");
    accept();
    expect(await screen.findByText("The password must be at least 8 characters long.")).toBeInTheDocument();

    fill("Password", "long enough");
    fill("Confirm password", "long enougH");
    accept();
    expect(await screen.findByText("The passwords do not match.")).toBeInTheDocument();

    // Names as long as the service stores (80), said under the field, not the service's words above.
    fill("Confirm password", "long enough");
    fill("Last name", "H".repeat(81));
    accept();
    expect(await screen.findByText("At most 80 characters.")).toBeInTheDocument();
    expect(screen.getByLabelText("Last name")).toHaveAttribute("aria-invalid", "true");
    expect(state.calls).not.toContain("POST invitations/accept");
  });

  it("accepts, stores the session like a sign-in and lands on the signed-in shell", async () => {
    const accepted = serveInvitations();
    await renderConsole(`/invitation/${CODE}`);
    await screen.findByTestId("invitation-account");
    fill("First name", " Grace ");
    fill("Last name", "Hopper");
    fill("Password", "long enough");
    fill("Confirm password", "long enough");
    accept();
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    expect(within(nav).getAllByRole("link").length).toBeGreaterThan(0);
    await waitFor(() => expect(window.location.pathname).toBe("/"));
    expect(accepted).toEqual([{ firstName: "Grace", lastName: "Hopper", password: "long enough" }]);
    expect(JSON.parse(window.localStorage.getItem("user-info")!)).toMatchObject({
      isLoggedIn: true,
      role: "Manager",
      id: "user-Manager",
      refreshToken: "refresh:Manager:1",
    });
    expect(state.calls).toContain("GET users/user-Manager");
  });

  it("sends one accept for two submits in a row (Enter pressed twice before the button is disabled)", async () => {
    const accepted = serveInvitations();
    await renderConsole(`/invitation/${CODE}`);
    await screen.findByTestId("invitation-account");
    fill("Password", "long enough");
    fill("Confirm password", "long enough");
    const form = screen.getByLabelText("Password").closest("form")!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(window.location.pathname).toBe("/"));
    await screen.findByRole("navigation", { name: "Main menu" });
    expect(accepted).toEqual([{ firstName: "Ada", lastName: "Manager", password: "long enough" }]);
    expect(state.calls.filter((call) => call === "POST invitations/accept")).toHaveLength(1);
  });

  it("shows the service's refusal above the form and keeps what was typed", async () => {
    serveInvitations();
    let refusals = 0;
    server.use(
      http.post("*/api/invitations/:code/accept", () => {
        refusals += 1;
        return HttpResponse.json({ message: "This user is not invited any more." }, { status: 409 });
      }),
    );
    await renderConsole(`/invitation/${CODE}`);
    await screen.findByTestId("invitation-account");
    fill("First name", "Grace");
    fill("Password", "long enough");
    fill("Confirm password", "long enough");
    accept();
    expect(await screen.findByRole("alert")).toHaveTextContent("This user is not invited any more.");
    expect(screen.getByLabelText("First name")).toHaveValue("Grace");
    expect(screen.getByLabelText("Last name")).toHaveValue("Manager");
    expect(screen.getByLabelText("Password")).toHaveValue("long enough");
    expect(screen.getByRole("button", { name: "Accept invitation" })).toBeEnabled();
    expect(window.localStorage.getItem("user-info")).toBeNull();
    // Refused, it may be sent again.
    accept();
    await waitFor(() => expect(refusals).toBe(2));
  });

  it("shows the service's message and a link to sign in for an invalid code", async () => {
    serveInvitations();
    await renderConsole("/invitation/used-code");
    expect(await screen.findByRole("alert")).toHaveTextContent(NOT_VALID);
    expect(screen.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login");
    expect(screen.queryByRole("button", { name: "Accept invitation" })).not.toBeInTheDocument();
  });

  it("says a code longer than any the service makes is not valid, as a used one", async () => {
    server.use(
      http.get("*/api/invitations/:code", () => HttpResponse.json({ message: "Not found." }, { status: 404 })),
    );
    await renderConsole(`/invitation/${"c".repeat(140)}`);
    expect(await screen.findByRole("alert")).toHaveTextContent("This invitation is not valid any more.");
  });
});
