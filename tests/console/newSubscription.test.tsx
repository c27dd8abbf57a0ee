import { beforeEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { QuoteRequest, StartSubscriptionRequest, SubscriptionQuote } from "../../src/api/plans";
import { QUOTE_PLAIN, QUOTE_WITH_CODE, STARTED, SUBSCRIPTION_CONTRACT as C } from "../fixtures/subscriptionContract";
import { contentRange } from "../../src/api/rules";
import { CONTRACT } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { reply, server, state } from "./harness/server";

/**
 * /new-subscription (spec §2, §4; docs/api.md "New subscription"): an inactive account's Admin
 * picks a plan, applies a code and pays; the service's refusals show in place with the input kept;
 * once paid the console opens on Home. Everyone else is sent home or told to ask an admin. The
 * msw answers are the contract's (tests/fixtures/subscriptionContract.ts), which the service test
 * asserts.
 */
interface Db {
  quotes: QuoteRequest[];
  starts: { body: StartSubscriptionRequest; key: string | null }[];
  /** What POST subscriptions/start answers next (first in, first out); paid once empty. */
  startAnswers: ("declined" | "insufficientFunds" | "network" | "ok")[];
}
let db: Db;

const quoteFor = (request: QuoteRequest): SubscriptionQuote => {
  const base =
    request.interval === "year"
      ? { ...QUOTE_PLAIN, interval: "year" as const, price: 149000, total: 149000 }
      : QUOTE_PLAIN;
  const plan =
    request.plan === "starter" ? { plan: "starter" as const, planName: "Starter", price: 4900, total: 4900 } : {};
  return { ...base, ...plan };
};

beforeEach(() => {
  db = { quotes: [], starts: [], startAnswers: [] };
  server.use(
    http.get("*/api/plans", () => {
      state.calls.push("GET plans");
      return reply(C.plans);
    }),
    http.post("*/api/subscriptions/quote", async ({ request }) => {
      const body = (await request.json()) as QuoteRequest;
      db.quotes.push(body);
      if (body.discountCode === "NOPE") return reply(C.quote.unknownCode);
      // What the service's schema answers a code with a NUL pasted in.
      if (body.discountCode?.includes("\u0000")) return reply(C.quote.codeWithNul);
      if (body.discountCode === "WELCOME10") return reply(C.quote.ok, QUOTE_WITH_CODE);
      return reply(C.quote.ok, quoteFor(body));
    }),
    http.post("*/api/subscriptions/start", async ({ request }) => {
      db.starts.push({
        body: (await request.json()) as StartSubscriptionRequest,
        key: request.headers.get("idempotency-key"),
      });
      const { card } = db.starts.at(-1)!.body;
      if (card.name.includes("\u0000")) return reply(C.start.nameWithNul);
      const next = db.startAnswers.shift() ?? "ok";
      if (next === "network") return HttpResponse.error();
      if (next === "declined") return reply(C.start.declined);
      if (next === "insufficientFunds") return reply(C.start.insufficientFunds);
      state.subscription = { ...STARTED.status };
      return reply(C.start.ok);
    }),
  );
});

const inactive = CONTRACT.subscription.inactive.body;
const openAsInactiveAdmin = (path = "/new-subscription") =>
  renderConsole(path, { role: "Admin", service: (service) => (service.subscription = { ...inactive }) });

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const fillCard = (number = "4242 4242 4242 4242") => {
  type("Name on card", "Maya Visser");
  type("Card number", number);
  type("Expiry (MM/YY)", "1234");
  type("CVC", "123");
};
const payButton = () => screen.getByRole("button", { name: /^Pay / });
const refusalShown = () => screen.queryByText("The payment was refused");

/**
 * A card refused for insufficient funds, then another attempt that fails the form's own checks: a
 * bad number, a past expiry, a short CVC. The old refusal goes as the attempt starts.
 */
async function refusedThenMistyped() {
  fillCard("4000 0000 0000 9995");
  fireEvent.click(payButton());
  const refusal = (await screen.findByText("The payment was refused")).closest("[role=alert]")!;
  expect(refusal).toHaveTextContent("Your card has insufficient funds.");
  await waitFor(() => expect(payButton()).toHaveAttribute("aria-busy", "false"));

  type("Card number", "4242 4242 4242 4241");
  type("Expiry (MM/YY)", "0120");
  type("CVC", "12");
  // Typing alone leaves it: it is what the last attempt answered.
  expect(refusalShown()).toBeInTheDocument();
  fireEvent.click(payButton());
  expect(await screen.findByText("Enter a valid card number.")).toBeInTheDocument();
  expect(screen.getByText("This card has expired.")).toBeInTheDocument();
  expect(screen.getByText("Enter the 3 digits on the back of the card (4 on Amex).")).toBeInTheDocument();
  expect(refusalShown()).not.toBeInTheDocument();
  expect(screen.queryByText("Your card has insufficient funds.")).not.toBeInTheDocument();
  expect(db.starts).toHaveLength(1);
}

describe("/new-subscription for an Admin of an inactive account", () => {
  it("is where the inactive redirect lands, with the service's message, its plans and its price", async () => {
    await openAsInactiveAdmin("/gallery");
    expect(await screen.findByRole("heading", { name: "Start your subscription" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/new-subscription");
    expect(screen.getByText(inactive.message)).toBeInTheDocument();
    const plans = await screen.findAllByRole("radio");
    // Each plan's radio is named by what its card shows, the plan's name first.
    expect(plans.map((plan) => within(plan).getByRole("heading").textContent)).toEqual([
      "Starter",
      "Professional",
      "Enterprise",
    ]);
    expect(plans[0]).toHaveAccessibleName(/^Starter £49\.00 per month /);
    expect(screen.getByRole("radio", { name: /^Professional / })).toHaveAttribute("aria-checked", "true");
    expect(within(screen.getByRole("radio", { name: /^Starter / })).getByText("£49.00")).toBeInTheDocument();
    expect(screen.getByText(/Test mode: 4242 4242 4242 4242 is accepted/)).toBeInTheDocument();
    // Nothing leads to Payments, which would send an inactive admin straight back.
    expect(screen.queryByRole("link", { name: "Go To Payments" })).not.toBeInTheDocument();

    const lines = await screen.findByTestId("price-lines");
    expect(within(lines).getByText("Professional, billed monthly")).toBeInTheDocument();
    expect(within(lines).getByText(/^Renews on .* at £149\.00 \/ month\.$/)).toBeInTheDocument();
    expect(screen.getByTestId("total")).toHaveTextContent("£149.00");
    expect(payButton()).toHaveTextContent("Pay £149.00");
  });

  it("prices another plan and the yearly interval from the service", async () => {
    await openAsInactiveAdmin();
    fireEvent.click(await screen.findByRole("radio", { name: /^Starter / }));
    await waitFor(() => expect(screen.getByTestId("total")).toHaveTextContent("£49.00"));
    fireEvent.click(screen.getByRole("radio", { name: /^Professional / }));
    fireEvent.click(screen.getByRole("button", { name: "Yearly" }));
    expect(within(screen.getByRole("radio", { name: /^Professional / })).getByText("£1,490.00")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("total")).toHaveTextContent("£1,490.00"));
    expect(db.quotes).toContainEqual({ plan: "professional", interval: "year", discountCode: null });
  });

  it("applies a discount code, says why one does not apply, and sends only an applied code", async () => {
    await openAsInactiveAdmin();
    await screen.findByTestId("total");
    type("Discount code", "nope");
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("This code does not exist.")).toBeInTheDocument();
    expect(screen.getByTestId("total")).toHaveTextContent("£149.00");

    type("Discount code", "welcome10");
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("WELCOME10: 10% off the first month")).toBeInTheDocument();
    // The applied code's chip is named by what it shows, then Remove (label in name).
    expect(screen.getByRole("button", { name: "WELCOME10: 10% off the first month, Remove" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("total")).toHaveTextContent("£134.10"));
    expect(screen.getByText("Discount WELCOME10")).toBeInTheDocument();
    expect(payButton()).toHaveTextContent("Pay £134.10");

    fillCard();
    fireEvent.click(payButton());
    await waitFor(() => expect(db.starts).toHaveLength(1));
    expect(db.starts[0]!.body).toEqual({
      plan: "professional",
      interval: "month",
      discountCode: "WELCOME10",
      card: { name: "Maya Visser", number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    });
  });

  it("checks the card as typed, and sends nothing until it can be a card", async () => {
    await openAsInactiveAdmin();
    await screen.findByTestId("total");
    fillCard("4242 4242 4242 4241");
    type("CVC", "12");
    fireEvent.click(payButton());
    expect(await screen.findByText("Enter a valid card number.")).toBeInTheDocument();
    expect(screen.getByText("Enter the 3 digits on the back of the card (4 on Amex).")).toBeInTheDocument();
    expect(field("Expiry (MM/YY)").value).toBe("12/34");
    expect(db.starts).toHaveLength(0);
  });

  it("asks the browser's question before a reload loses what was typed, and not before anything was", async () => {
    await openAsInactiveAdmin();
    await screen.findByTestId("total");
    const reload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(reload()).toBe(false);
    type("Name on card", "Maya Visser");
    await waitFor(() => expect(reload()).toBe(true));
  });

  it("shows the provider's refusal in place with the input kept, then pays with another card and opens Home", async () => {
    db.startAnswers = ["declined"];
    await openAsInactiveAdmin();
    await screen.findByTestId("total");
    fillCard("4000 0000 0000 0002");
    fireEvent.click(payButton());
    const refusal = (await screen.findByText("The payment was refused")).closest("[role=alert]")!;
    expect(refusal).toHaveTextContent("Your card was declined.");
    expect(field("Name on card").value).toBe("Maya Visser");
    expect(field("Card number").value).toBe("4000 0000 0000 0002");
    expect(window.location.pathname).toBe("/new-subscription");

    type("Card number", "4242424242424242");
    fireEvent.click(payButton());
    expect(await screen.findByText("Your Professional subscription has started. Welcome back!")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Welcome back, Ada" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/");
    // The refused attempt and the paid one are two attempts: two keys.
    expect(db.starts.map((start) => start.key)).toHaveLength(2);
    expect(db.starts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(db.starts[1]!.key).not.toBe(db.starts[0]!.key);
    // No way back: the gate has the new status, Home stays.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.location.pathname).toBe("/");
  });

  it("takes a card's refusal away when the next attempt starts, before the form's own checks", async () => {
    db.startAnswers = ["insufficientFunds"];
    await openAsInactiveAdmin();
    await screen.findByTestId("total");
    await refusedThenMistyped();
  });

  it("sends an unanswered attempt again with the same key, and pays once on a double click", async () => {
    db.startAnswers = ["network"];
    await openAsInactiveAdmin();
    await screen.findByTestId("total");
    fillCard();
    fireEvent.click(payButton());
    await waitFor(() => expect(db.starts).toHaveLength(1));
    await waitFor(() => expect(payButton()).not.toBeDisabled());
    fireEvent.click(payButton());
    fireEvent.click(payButton());
    await screen.findByRole("heading", { name: "Welcome back, Ada" });
    expect(db.starts).toHaveLength(2);
    expect(db.starts[1]!.key).toBe(db.starts[0]!.key);
  });

  it("checks a code against the service's limit, in the form's words, before sending", async () => {
    await openAsInactiveAdmin();
    await screen.findByTestId("total");
    const quotesBefore = db.quotes.length;
    type("Discount code", "x".repeat(300));
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("This code does not exist.")).toBeInTheDocument();
    expect(field("Discount code")).toHaveAttribute("aria-invalid", "true");
    expect(db.quotes).toHaveLength(quotesBefore);
    expect(screen.queryByText(/must be at most|discountCode/)).not.toBeInTheDocument();
  });

  it("checks the name on the card against the service's limit, in the form's words, before sending", async () => {
    await openAsInactiveAdmin();
    await screen.findByTestId("total");
    fillCard();
    type("Name on card", "M".repeat(150));
    fireEvent.click(payButton());
    expect(await screen.findByText("At most 100 characters.")).toBeInTheDocument();
    expect(field("Name on card")).toHaveAttribute("aria-invalid", "true");
    expect(db.starts).toHaveLength(0);
    expect(screen.queryByText(/must be at most|card\.name/)).not.toBeInTheDocument();

    // 100 characters, as the service takes them, go.
    type("Name on card", "M".repeat(100));
    fireEvent.click(payButton());
    await waitFor(() => expect(db.starts).toHaveLength(1));
  });

  it("says a field the service's schema refused in the form's words, never the schema's", async () => {
    await openAsInactiveAdmin();
    await screen.findByTestId("total");
    // A NUL pasted in passes the form's checks; the service's schema refuses it, naming the field.
    fillCard();
    type("Name on card", "Maya\u0000Visser");
    fireEvent.click(payButton());
    expect(await screen.findByText("Enter the name as it is printed on the card.")).toBeInTheDocument();
    expect(field("Name on card")).toHaveAttribute("aria-invalid", "true");
    expect(db.starts).toHaveLength(1);

    type("Discount code", "spring\u0000");
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("This code does not exist.")).toBeInTheDocument();
    expect(screen.queryByText(/must not contain|must be at most|card\.name|discountCode/)).not.toBeInTheDocument();
  });

  it("asks to apply or clear a typed code before paying", async () => {
    await openAsInactiveAdmin();
    await screen.findByTestId("total");
    fillCard();
    type("Discount code", "SPRING");
    fireEvent.click(payButton());
    expect(await screen.findByText("Apply this code, or clear it.")).toBeInTheDocument();
    expect(db.starts).toHaveLength(0);

    // Cleared by hand, the code is none: Apply does nothing, and Pay pays without one.
    type("Discount code", "");
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    fireEvent.click(payButton());
    await waitFor(() => expect(db.starts).toHaveLength(1));
    expect(db.starts[0]!.body.discountCode).toBeNull();
  });
});

describe("/new-subscription for everyone else", () => {
  it("tells a manager of an inactive account to ask an admin, without a form", async () => {
    await renderConsole("/gallery", {
      role: "Manager",
      service: (service) => (service.subscription = { ...inactive }),
    });
    expect(await screen.findByText("Your subscription is inactive")).toBeInTheDocument();
    expect(window.location.pathname).toBe("/new-subscription");
    expect(screen.getByText(/Ask an admin of your account to start a new subscription\./)).toBeInTheDocument();
    // Whom to ask, by name, with a way to write to them.
    const admins = screen.getByRole("list", { name: "The admins of your account:" });
    expect(within(admins).getByText("Oscar Black")).toBeInTheDocument();
    expect(within(admins).getByRole("link", { name: "inactive@example.com" })).toHaveAttribute(
      "href",
      "mailto:inactive@example.com",
    );
    // The menu leads only where the manager can go: every other screen sends back here.
    const menu = screen.getByRole("navigation", { name: "Main menu" });
    expect(
      within(menu)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["New Subscription"]);
    expect(screen.queryByRole("button", { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Go To Payments" })).not.toBeInTheDocument();
    expect(state.calls).not.toContain("GET plans");
  });

  it("sends a super admin home, inactive or not", async () => {
    await renderConsole("/new-subscription", {
      role: "SuperAdmin",
      service: (service) => (service.subscription = { ...inactive }),
    });
    expect(await screen.findByRole("heading", { name: "Welcome back, Ada" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/");
  });

  it("sends an admin of an active account home", async () => {
    await renderConsole("/new-subscription", { role: "Admin" });
    expect(await screen.findByRole("heading", { name: "Welcome back, Ada" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/");
    expect(state.calls).not.toContain("GET plans");
  });
});

describe("paying while past due (spec §4: Go To Payments)", () => {
  const pastDue = { status: "past_due" as const, message: "Your payment is past due: 5 days left to pay." };
  beforeEach(() => {
    // The account's payments, as the service answers an account without any yet.
    server.use(
      http.get("*/api/payments", () =>
        HttpResponse.json([], { headers: { "Content-Range": contentRange("payments", 0, 0, 0) } }),
      ),
    );
  });

  it("leads an Admin from the warning to Payments' Pay now; once paid the notice goes and the console stays", async () => {
    await renderConsole("/", { role: "Admin", service: (service) => (service.subscription = { ...pastDue }) });
    const warning = await screen.findByRole("dialog", { name: "Subscription Warning" });
    fireEvent.click(within(warning).getByRole("button", { name: "Go To Payments" }));
    const payNow = await screen.findByRole("button", { name: "Pay now" });
    // The notice holds the service's message and the button.
    expect(payNow.closest("[role=alert]")).toHaveTextContent(pastDue.message);
    fireEvent.click(payNow);

    const dialog = await screen.findByRole("dialog", { name: "Renew your subscription" });
    await within(dialog).findByTestId("total");
    fillCard();
    fireEvent.click(payButton());
    expect(await screen.findByText("Your Professional subscription has started. Welcome back!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(pastDue.message)).not.toBeInTheDocument());
    expect(screen.queryByRole("dialog", { name: "Renew your subscription" })).not.toBeInTheDocument();
    expect(db.starts).toHaveLength(1);
    expect(window.location.pathname).toBe("/payments");
  });

  /** An Admin's Pay now dialog, open from Payments' notice, its price shown. */
  async function openPayNow() {
    await renderConsole("/payments", { role: "Admin", service: (service) => (service.subscription = { ...pastDue }) });
    const warning = await screen.findByRole("dialog", { name: "Subscription Warning" });
    fireEvent.click(within(warning).getByRole("button", { name: "Ok" }));
    fireEvent.click(await screen.findByRole("button", { name: "Pay now" }));
    const dialog = await screen.findByRole("dialog", { name: "Renew your subscription" });
    await within(dialog).findByTestId("total");
    return dialog;
  }
  const pressEscape = (element: HTMLElement) => fireEvent.keyDown(element, { key: "Escape" });
  /** A click on the dimmed page beside the dialog (MUI reads a press and a click on its container). */
  function clickBeside(dialog: HTMLElement) {
    const beside = dialog.closest(".MuiDialog-container")!;
    fireEvent.mouseDown(beside);
    fireEvent.click(beside);
  }
  const discardQuestion = () => screen.findByRole("dialog", { name: "Discard your changes?" });
  const noQuestion = () =>
    waitFor(() => expect(screen.queryByRole("dialog", { name: "Discard your changes?" })).not.toBeInTheDocument());

  it("keeps a card half typed in Pay now: a click beside is ignored, Escape asks, Keep editing keeps, Discard closes", async () => {
    let dialog = await openPayNow();
    // Untouched, Escape closes at once.
    pressEscape(dialog);
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Renew your subscription" })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole("dialog", { name: "Discard your changes?" })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Pay now" }));
    dialog = await screen.findByRole("dialog", { name: "Renew your subscription" });
    await within(dialog).findByTestId("total");
    type("Name on card", "Maya Visser");
    type("Card number", "4242 4242 4242 4242");
    clickBeside(dialog);
    expect(screen.getByRole("dialog", { name: "Renew your subscription" })).toBeInTheDocument();
    expect(field("Card number").value).toBe("4242 4242 4242 4242");

    pressEscape(dialog);
    fireEvent.click(within(await discardQuestion()).getByRole("button", { name: "Keep editing" }));
    await noQuestion();
    expect(field("Name on card").value).toBe("Maya Visser");
    expect(field("Card number").value).toBe("4242 4242 4242 4242");

    pressEscape(screen.getByRole("dialog", { name: "Renew your subscription" }));
    fireEvent.click(within(await discardQuestion()).getByRole("button", { name: "Discard" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Renew your subscription" })).not.toBeInTheDocument(),
    );
    expect(db.starts).toHaveLength(0);
  });

  it("keeps the card in Pay now after the provider refused it: Escape still asks", async () => {
    db.startAnswers = ["declined"];
    const dialog = await openPayNow();
    fillCard("4000 0000 0000 0002");
    fireEvent.click(payButton());
    await within(dialog).findByText("The payment was refused");
    // The attempt is over (Pay is offered again): react-hook-form counts it a successful submit.
    await waitFor(() => expect(payButton()).toHaveAttribute("aria-busy", "false"));
    pressEscape(dialog);
    fireEvent.click(within(await discardQuestion()).getByRole("button", { name: "Keep editing" }));
    await noQuestion();
    expect(field("Card number").value).toBe("4000 0000 0000 0002");
  });

  it("checks the name on the card in Pay now too, in the form's words, before sending", async () => {
    await openPayNow();
    fillCard();
    type("Name on card", "M".repeat(150));
    fireEvent.click(payButton());
    expect(await screen.findByText("At most 100 characters.")).toBeInTheDocument();
    expect(db.starts).toHaveLength(0);
  });

  it("takes a card's refusal away in Pay now too when the next attempt starts", async () => {
    db.startAnswers = ["insufficientFunds"];
    await openPayNow();
    await refusedThenMistyped();
  });

  it("shows a Manager the message without Pay now", async () => {
    await renderConsole("/payments", {
      role: "Manager",
      service: (service) => (service.subscription = { ...pastDue }),
    });
    const warning = await screen.findByRole("dialog", { name: "Subscription Warning" });
    fireEvent.click(within(warning).getByRole("button", { name: "Ok" }));
    expect(screen.queryByRole("button", { name: "Pay now" })).not.toBeInTheDocument();
  });
});
