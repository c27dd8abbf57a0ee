/**
 * /forgot-password (spec §2, guests only; docs/api.md "Public flows"): asking for a link answers
 * "Check your email" whatever the service knows; the email's /forgot-password?token=… takes the
 * new password twice, refusals show in place with the input kept, and a changed password leads to
 * sign-in. msw answers with the contract's answers (tests/fixtures/registerContract.ts), which the
 * service tests assert.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http } from "msw";
import { CONTRACT } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { reply, server, state } from "./harness/server";

const C = CONTRACT.forgotPassword;

function serve(answers: { ask?: (typeof C)["accepted" | "tooMany"]; reset?: (typeof C)["reset" | "linkNotValid"] }) {
  const asked: unknown[] = [];
  const resets: unknown[] = [];
  server.use(
    http.post("*/api/forgot-password", async ({ request }) => {
      state.calls.push("POST forgot-password");
      expect(request.headers.get("authorization")).toBeNull();
      asked.push(await request.json());
      return reply((answers.ask ?? C.accepted) as never);
    }),
    http.post("*/api/forgot-password/reset", async ({ request }) => {
      state.calls.push("POST forgot-password/reset");
      expect(request.headers.get("authorization")).toBeNull();
      resets.push(await request.json());
      return reply((answers.reset ?? C.reset) as never);
    }),
  );
  return { asked, resets };
}

beforeAll(async () => {
  await Promise.all([import("../../src/Console"), import("../../src/custom/forgotPassword/ForgotPasswordPage")]);
}, 60_000);

const input = (label: string) => screen.getByLabelText(label, { selector: "input" }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole("button", { name }));

describe("asking for a reset link", () => {
  it("is linked from the sign-in page, checks the email, and says to check it once sent", async () => {
    const { asked } = serve({});
    await renderConsole("/login");
    fireEvent.click(await screen.findByRole("link", { name: "Forgot password?" }));
    expect(await screen.findByRole("heading", { name: "Forgot your password?" })).toBeInTheDocument();
    expect(screen.getByTestId("app-title")).toHaveTextContent("Gemtest Guest");

    click("Send reset link");
    expect(await screen.findByText("Enter your email address.")).toBeInTheDocument();
    type("Email", "ada@");
    click("Send reset link");
    expect(await screen.findByText("Enter a valid email address.")).toBeInTheDocument();
    expect(state.calls).not.toContain("POST forgot-password");

    type("Email", "ada@lovelace-gems.example.com");
    click("Send reset link");
    expect(await screen.findByRole("heading", { name: "Check your email" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(
      "If an account uses ada@lovelace-gems.example.com, we sent it a link to choose a new password.",
    );
    expect(asked).toEqual([{ email: "ada@lovelace-gems.example.com" }]);

    click("Send again");
    await screen.findByRole("heading", { name: "Forgot your password?" });
    expect(input("Email")).toHaveValue("ada@lovelace-gems.example.com");
    expect(screen.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/login");
  });

  it("shows the rate limit's message above the form and keeps the email", async () => {
    serve({ ask: C.tooMany });
    await renderConsole("/forgot-password");
    await screen.findByRole("heading", { name: "Forgot your password?" });
    type("Email", "ada@lovelace-gems.example.com");
    click("Send reset link");
    expect(await screen.findByRole("alert")).toHaveTextContent(C.tooMany.body.message);
    expect(input("Email")).toHaveValue("ada@lovelace-gems.example.com");
  });
});

describe("choosing the new password (the email's /forgot-password?token=…)", () => {
  it("checks both fields, sends the token and the password, then leads to sign-in", async () => {
    const { resets } = serve({});
    await renderConsole("/forgot-password?token=tok-9");
    expect(await screen.findByRole("heading", { name: "Choose a new password" })).toBeInTheDocument();
    click("Change password");
    expect(await screen.findByText("Choose a password.")).toBeInTheDocument();
    expect(screen.getByText("Enter the password again.")).toBeInTheDocument();
    type("New password", "short");
    type("Confirm new password", "short!");
    click("Change password");
    expect(await screen.findByText("The password must be at least 8 characters long.")).toBeInTheDocument();
    expect(screen.getByText("The passwords do not match.")).toBeInTheDocument();
    expect(state.calls).not.toContain("POST forgot-password/reset");

    type("New password", "a brand new secret");
    type("Confirm new password", "a brand new secret");
    click("Change password");
    expect(await screen.findByRole("heading", { name: "Your password is changed" })).toBeInTheDocument();
    expect(resets).toEqual([{ token: "tok-9", password: "a brand new secret" }]);
    fireEvent.click(screen.getByRole("link", { name: "Sign in" }));
    expect(await screen.findByRole("heading", { name: "Sign in to Gemtest Admin" })).toBeInTheDocument();
  });

  it("says when the link expired or was used, keeps the input, and offers a new link", async () => {
    serve({ reset: C.linkNotValid });
    await renderConsole("/forgot-password?token=used");
    await screen.findByRole("heading", { name: "Choose a new password" });
    type("New password", "a brand new secret");
    type("Confirm new password", "a brand new secret");
    click("Change password");
    expect(await screen.findByRole("alert")).toHaveTextContent(C.linkNotValid.body.message);
    expect(input("New password")).toHaveValue("a brand new secret");
    fireEvent.click(screen.getByRole("link", { name: "Ask for a new link" }));
    expect(await screen.findByRole("heading", { name: "Forgot your password?" })).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe(""));
  });

  it("says a link too long for any token (a mail client's addition) is dead, as a used one", async () => {
    serve({ reset: C.tokenTooLong });
    await renderConsole(`/forgot-password?token=${"t".repeat(240)}`);
    await screen.findByRole("heading", { name: "Choose a new password" });
    type("New password", "a brand new secret");
    type("Confirm new password", "a brand new secret");
    click("Change password");
    expect(await screen.findByRole("alert")).toHaveTextContent(C.linkNotValid.body.message);
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toBeInTheDocument();
  });
});
