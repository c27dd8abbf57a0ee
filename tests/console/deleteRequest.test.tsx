/**
 * The data-deletion request (spec §2 /delete-request and /delete-request-confirmation, everyone)
 * against msw answering from the shared contract (tests/fixtures/ownerFlowsContract.ts): the
 * email (a signed-in user's filled in), the code, Resend with its countdown, the expiry, the
 * service's refusal in place, and what happens and when once confirmed.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import type { JsonAnswer } from "../fixtures/contract";
import { OWNER_FLOWS_CONTRACT } from "../fixtures/ownerFlowsContract";
import { renderConsole, signIn } from "./harness/renderConsole";
import { server } from "./harness/server";

const C = OWNER_FLOWS_CONTRACT.deleteRequest;
const GOOD_CODE = "482913";
const json = (answer: JsonAnswer<unknown>) => HttpResponse.json(answer.body as object, { status: answer.status });

interface Served {
  asked: string[];
  confirmed: { email: string; code: string }[];
}

/** The two calls as the service answers them; `tooSoon` makes the next request a 429. */
function serveRequests(options: { kind?: "user" | "account"; tooSoon?: boolean } = {}): Served {
  const served: Served = { asked: [], confirmed: [] };
  server.use(
    http.post("*/api/delete-request", async ({ request }) => {
      expect(request.headers.get("authorization")).toBeNull();
      served.asked.push(((await request.json()) as { email: string }).email);
      return json(options.tooSoon ? C.tooSoon : C.sent);
    }),
    http.post("*/api/delete-request/confirm", async ({ request }) => {
      const body = (await request.json()) as { email: string; code: string };
      served.confirmed.push(body);
      if (body.code !== GOOD_CODE) return json(C.wrongCode);
      return json(options.kind === "account" ? C.confirmedAccount : C.confirmedUser);
    }),
  );
  return served;
}

beforeAll(async () => {
  await Promise.all([
    import("../../src/Console"),
    import("../../src/custom/deleteRequest/DeleteRequestPage"),
    import("../../src/custom/deleteRequest/DeleteRequestConfirmationPage"),
  ]);
}, 60_000);

afterEach(() => {
  vi.useRealTimers();
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("/delete-request", () => {
  it("a guest types an email, and lands on the confirmation with the email and a countdown", async () => {
    const served = serveRequests();
    await renderConsole("/delete-request");
    expect(await screen.findByRole("heading", { name: "Delete my data" })).toBeInTheDocument();
    expect(screen.getByTestId("app-title")).toHaveTextContent("Gemtest Guest");
    expect(screen.queryByTestId("signed-in-note")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Email me a code" }));
    expect(await screen.findByText("Required")).toBeInTheDocument();
    fill("Email *", "not an email");
    fireEvent.click(screen.getByRole("button", { name: "Email me a code" }));
    expect(await screen.findByText("Must be a valid email")).toBeInTheDocument();
    expect(served.asked).toEqual([]);

    fill("Email *", " ada@example.com ");
    const sentAt = Date.now();
    fireEvent.click(screen.getByRole("button", { name: "Email me a code" }));
    expect(await screen.findByRole("heading", { name: "Confirm your request" })).toBeInTheDocument();
    expect(served.asked).toEqual(["ada@example.com"]);
    expect(window.location.pathname).toBe("/delete-request-confirmation");
    expect(new URLSearchParams(window.location.search).get("email")).toBe("ada@example.com");
    expect(screen.getByLabelText("Email *")).toHaveValue("ada@example.com");
    expect(screen.getByTestId("resend-code")).toBeDisabled();
    // 60 s from the code's sending, less the seconds this test has taken since (more on a busy machine).
    const resendIn = Number(
      /Send a new code in (\d+) s/.exec(screen.getByTestId("resend-code").textContent ?? "")?.[1],
    );
    const secondsSince = Math.ceil((Date.now() - sentAt) / 1000);
    expect(resendIn).toBeLessThanOrEqual(60);
    expect(resendIn).toBeGreaterThanOrEqual(60 - secondsSince - 1);
    expect(screen.getByTestId("code-expiry")).toHaveTextContent(/This code works until \d\d:\d\d [AP]M\./);
  });

  it("a signed-in user finds their own email filled in", async () => {
    const served = serveRequests();
    // Signed in as the console stores a sign-in: the user with their email.
    signIn("Manager");
    const stored = JSON.parse(window.localStorage.getItem("user-info")!) as Record<string, unknown>;
    window.localStorage.setItem("user-info", JSON.stringify({ ...stored, email: "manager@example.com" }));
    await renderConsole("/delete-request");
    expect(await screen.findByTestId("signed-in-note")).toHaveTextContent("manager@example.com");
    await waitFor(() => expect(screen.getByLabelText("Email *")).toHaveValue("manager@example.com"));
    fireEvent.click(screen.getByRole("button", { name: "Email me a code" }));
    await screen.findByRole("heading", { name: "Confirm your request" });
    expect(served.asked).toEqual(["manager@example.com"]);
  });

  it("shows the service's refusal in place, keeping the email", async () => {
    serveRequests({ tooSoon: true });
    await renderConsole("/delete-request");
    await screen.findByLabelText("Email *");
    fill("Email *", "ada@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Email me a code" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(C.tooSoon.body.message);
    expect(screen.getByLabelText("Email *")).toHaveValue("ada@example.com");
    expect(window.location.pathname).toBe("/delete-request");
  });
});

describe("/delete-request-confirmation", () => {
  it("a wrong code is refused in place; the right one says what happens and when", async () => {
    const served = serveRequests();
    await renderConsole("/delete-request-confirmation?email=user%40example.com");
    expect(await screen.findByRole("heading", { name: "Confirm your request" })).toBeInTheDocument();
    // Opened from the email: the lifetime is said, Resend works at once.
    expect(screen.getByText("A code works once, for 15 minutes after it is sent.")).toBeInTheDocument();
    expect(screen.getByTestId("resend-code")).toBeEnabled();

    fill("Code *", "12");
    fireEvent.click(screen.getByRole("button", { name: "Confirm deletion" }));
    expect(await screen.findByText("Enter the 6 digits of the code.")).toBeInTheDocument();
    expect(served.confirmed).toEqual([]);

    // Digits only: a pasted " 111 111 " (copied from the email with spaces) is six digits, none
    // cut off before the spaces are dropped.
    const code = screen.getByLabelText("Code *");
    await userEvent.clear(code);
    await userEvent.click(code);
    await userEvent.paste(" 111 111 ");
    expect(code).toHaveValue("111111");
    fireEvent.click(screen.getByRole("button", { name: "Confirm deletion" }));
    expect(await screen.findByText("This code is wrong or has expired.")).toBeInTheDocument();
    expect(screen.getByLabelText("Code *")).toHaveValue("111111");

    fill("Code *", GOOD_CODE);
    fireEvent.click(screen.getByRole("button", { name: "Confirm deletion" }));
    expect(await screen.findByRole("heading", { name: "Request confirmed" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(
      "Your user and personal data in Brilliant Gems Ltd will be deleted on 12/15/2026. The tests you made stay with the account.",
    );
    expect(served.confirmed).toEqual([
      { email: "user@example.com", code: "111111" },
      { email: "user@example.com", code: GOOD_CODE },
    ]);
    expect(screen.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login");
  });

  it("an account owner is told the whole account goes", async () => {
    serveRequests({ kind: "account" });
    await renderConsole("/delete-request-confirmation?email=pastdue%40example.com");
    await screen.findByLabelText("Code *");
    fill("Code *", GOOD_CODE);
    fireEvent.click(await screen.findByRole("button", { name: "Confirm deletion" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "The account Lapis Traders and all its data will be deleted on 12/15/2026.",
    );
  });

  it("Resend counts down, sends again when it reaches zero, and an expired code says so", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setInterval", "clearInterval", "Date"] });
    const served = serveRequests();
    await renderConsole("/delete-request");
    await screen.findByLabelText("Email *");
    fill("Email *", "ada@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Email me a code" }));
    const resend = await screen.findByTestId("resend-code");
    expect(resend).toHaveTextContent(/Send a new code in (60|59) s/);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(resend).toHaveTextContent(/Send a new code in (30|29) s/);
    expect(resend).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(resend).toHaveTextContent("Send a new code");
    expect(resend).toBeEnabled();
    fireEvent.click(resend);
    expect(await screen.findByText("A new code is on its way to ada@example.com.")).toBeInTheDocument();
    expect(served.asked).toEqual(["ada@example.com", "ada@example.com"]);
    await waitFor(() => expect(screen.getByTestId("resend-code")).toBeDisabled());

    // 15 minutes after the new code: expired, and Resend is the way on.
    await act(() => vi.advanceTimersByTimeAsync(15 * 60_000));
    expect(await screen.findByTestId("code-expired")).toHaveTextContent("This code has expired. Send a new one.");
    expect(screen.getByTestId("resend-code")).toBeEnabled();
  });

  it("a resend refused as too soon waits the seconds the service says", async () => {
    serveRequests({ tooSoon: true });
    await renderConsole("/delete-request-confirmation?email=ada%40example.com");
    fireEvent.click(await screen.findByTestId("resend-code"));
    expect(await screen.findByText(C.tooSoon.body.message)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("resend-code")).toHaveTextContent(/Send a new code in (45|44) s/));
    expect(screen.getByTestId("resend-code")).toBeDisabled();
  });
});
