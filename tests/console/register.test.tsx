/**
 * /register (spec §2, guests only; docs/api.md "Public flows"): the form checks what it can before
 * sending, answers "Check your email" whatever the service knows, shows refusals in place with the
 * input kept; the confirmation link signs the new owner in and opens /new-subscription. msw answers
 * with the contract's answers (tests/fixtures/registerContract.ts), which the service tests assert.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import type { RegisterRequest } from "../../src/api/register";
import { CONTRACT } from "../fixtures/contract";
import { SUBSCRIPTION_CONTRACT } from "../fixtures/subscriptionContract";
import { renderConsole } from "./harness/renderConsole";
import { fakeToken, reply, server, state, userFor } from "./harness/server";

const C = CONTRACT.register;

/** POST register answered with `answer`; the bodies sent, and whether any carried a token. */
function serveRegister(answer: (typeof C)[keyof typeof C] = C.accepted) {
  const sent: RegisterRequest[] = [];
  server.use(
    http.post("*/api/register", async ({ request }) => {
      state.calls.push("POST register");
      expect(request.headers.get("authorization")).toBeNull();
      sent.push((await request.json()) as RegisterRequest);
      return reply(answer as never);
    }),
  );
  return sent;
}

beforeAll(async () => {
  await Promise.all([import("../../src/Console"), import("../../src/custom/register/RegisterPage")]);
}, 60_000);

const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: "input" }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const create = () => fireEvent.click(screen.getByRole("button", { name: "Create account" }));

async function fillIn(overrides: Record<string, string> = {}) {
  const values = {
    "First name": " Ada ",
    "Last name": "Lovelace",
    Email: " ada@lovelace-gems.example.com ",
    "Confirm password": "analytical-engine",
    "Business name": "Lovelace Gems ",
    "Phone (optional)": "",
    ...overrides,
  };
  // The password first: "Password" alone would also match "Confirm password".
  fireEvent.change(screen.getByLabelText("Password", { selector: "input[name=password]" }), {
    target: { value: overrides.Password ?? "analytical-engine" },
  });
  for (const [label, value] of Object.entries(values)) if (label !== "Password") type(label, value);
  // The country: typed, then picked from the list.
  const country = input("Country");
  fireEvent.change(country, { target: { value: "United King" } });
  fireEvent.click(await screen.findByRole("option", { name: "United Kingdom" }));
}

describe("register (spec §2 /register)", () => {
  it("opens in the guest shell, linked from the sign-in page, with the browser's country filled in", async () => {
    await renderConsole("/login");
    fireEvent.click(await screen.findByRole("link", { name: "Create an account" }));
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/register");
    expect(screen.getByTestId("app-title")).toHaveTextContent("Gemtest Guest");
    await waitFor(() => expect(input("Country")).toHaveValue("United States"));
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  });

  it("checks the form before sending anything", async () => {
    serveRegister();
    await renderConsole("/register");
    await screen.findByRole("heading", { name: "Create your account" });
    fireEvent.change(input("Country"), { target: { value: "" } });
    create();
    for (const message of [
      "Enter your first name.",
      "Enter your last name.",
      "Enter your email address.",
      "Choose a password.",
      "Enter the password again.",
      "Enter your business's name.",
      "Choose your country from the list.",
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    // The first refused field is where the person goes next; no toast says the form is invalid.
    expect(input("First name")).toHaveFocus();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await fillIn({ Email: "ada@", "Phone (optional)": "call me", "Confirm password": "analytical-enginE" });
    fireEvent.change(screen.getByLabelText("Password", { selector: "input[name=password]" }), {
      target: { value: "short" },
    });
    create();
    expect(await screen.findByText("Enter a valid email address.")).toBeInTheDocument();
    expect(screen.getByText("The password must be at least 8 characters long.")).toBeInTheDocument();
    expect(screen.getByText("The passwords do not match.")).toBeInTheDocument();
    expect(screen.getByText("Use digits, spaces and + ( ) . - only.")).toBeInTheDocument();
    expect(state.calls).not.toContain("POST register");
  });

  it("sends the details trimmed, then says to check the email, and can go back to the form as it was", async () => {
    const sent = serveRegister();
    await renderConsole("/register");
    await screen.findByRole("heading", { name: "Create your account" });
    await fillIn();
    create();
    expect(await screen.findByRole("heading", { name: "Check your email" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("We sent a message to ada@lovelace-gems.example.com.");
    expect(sent).toEqual([
      {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@lovelace-gems.example.com",
        password: "analytical-engine",
        accountName: "Lovelace Gems",
        country: "GB",
      },
    ]);
    expect(screen.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/login");

    fireEvent.click(screen.getByRole("button", { name: "Change the address or send again" }));
    await screen.findByRole("heading", { name: "Create your account" });
    expect(input("Email")).toHaveValue("ada@lovelace-gems.example.com");
    expect(input("Business name")).toHaveValue("Lovelace Gems ");
    expect(input("Country")).toHaveValue("United Kingdom");
  });

  it("shows a refused field under the field and other refusals above the form, keeping the input", async () => {
    serveRegister(C.unknownCountry);
    await renderConsole("/register");
    await screen.findByRole("heading", { name: "Create your account" });
    await fillIn({ "Phone (optional)": "+44 20 7946 0000" });
    create();
    expect(await screen.findByText(C.unknownCountry.body.errors.country)).toBeInTheDocument();
    // The focus goes to the refused field, where its message is read out and the person types next.
    await waitFor(() => expect(input("Country")).toHaveFocus());
    // Said under its field only: no react-admin notice about the form comes a moment after.
    await expect(screen.findByRole("alert", {}, { timeout: 1000 })).rejects.toThrow();

    serveRegister(C.tooMany);
    create();
    expect(await screen.findByRole("alert")).toHaveTextContent(C.tooMany.body.message);
    expect(input("First name")).toHaveValue(" Ada ");
    expect(input("Phone (optional)")).toHaveValue("+44 20 7946 0000");
    expect(screen.getByRole("button", { name: "Create account" })).toBeEnabled();
  });
});

describe("confirming (the email's /register?token=…)", () => {
  function serveConfirm(answer: (typeof C)["confirmed" | "linkNotValid" | "emailTaken"]) {
    const tokens: string[] = [];
    server.use(
      http.post("*/api/register/confirm", async ({ request }) => {
        state.calls.push("POST register/confirm");
        tokens.push(((await request.json()) as { token: string }).token);
        if (answer.status !== 200) return reply(answer as never);
        return reply(C.confirmed, {
          ...C.confirmed.body,
          accessToken: fakeToken("user-Admin", "Admin"),
          refreshToken: "refresh:Admin:1",
          user: userFor("Admin"),
        });
      }),
      http.get("*/api/plans", () => reply(SUBSCRIPTION_CONTRACT.plans)),
    );
    return tokens;
  }

  it("confirms with one click, signs the owner in and opens /new-subscription", async () => {
    const tokens = serveConfirm(C.confirmed);
    await renderConsole("/register?token=tok-123", {
      service: (service) => (service.subscription = { ...CONTRACT.subscription.inactive.body }),
    });
    expect(await screen.findByRole("heading", { name: "Confirm your email address" })).toBeInTheDocument();
    expect(state.calls).not.toContain("POST register/confirm");
    fireEvent.click(screen.getByRole("button", { name: "Confirm and create my account" }));
    await waitFor(() => expect(window.location.pathname).toBe("/new-subscription"));
    expect(tokens).toEqual(["tok-123"]);
    expect(JSON.parse(window.localStorage.getItem("user-info")!)).toMatchObject({
      isLoggedIn: true,
      role: "Admin",
      refreshToken: "refresh:Admin:1",
    });
    expect(await screen.findByRole("navigation", { name: "Main menu" })).toBeInTheDocument();
  });

  it("says when the link expired or was used, with the way to register again", async () => {
    serveConfirm(C.linkNotValid);
    await renderConsole("/register?token=used");
    fireEvent.click(await screen.findByRole("button", { name: "Confirm and create my account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(C.linkNotValid.body.message);
    const links = within(screen.getByRole("alert").parentElement!);
    expect(links.getByRole("link", { name: "Register again" })).toHaveAttribute("href", "/register");
    expect(links.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login");
    expect(window.localStorage.getItem("user-info")).toBeNull();
  });

  it("says when the email was taken meanwhile, with the way to reset the password", async () => {
    serveConfirm(C.emailTaken);
    await renderConsole("/register?token=late");
    fireEvent.click(await screen.findByRole("button", { name: "Confirm and create my account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(C.emailTaken.body.message);
    expect(screen.getByRole("link", { name: "Reset your password" })).toHaveAttribute("href", "/forgot-password");
  });
});
