import { beforeEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { QuoteRequest, SubscriptionQuote } from "../../src/api/plans";
import type { Discount } from "../../src/api/resources";
import { QUOTE_PLAIN, QUOTE_WITH_CODE, SUBSCRIPTION_CONTRACT as C } from "../fixtures/subscriptionContract";
import { renderConsole } from "./harness/renderConsole";
import { discount } from "./harness/resourceService";
import { reply, server } from "./harness/server";

/**
 * Issue 26 item 9: what a code does is said the way it is applied — off the first payment only,
 * which is the first month of a monthly plan and the first year of a yearly one — in the order
 * summary and on the code's own form, from the shared rule (discountEffect), whatever its
 * description says.
 */
const WELCOME: Discount = {
  ...discount(1),
  id: "dc-1",
  code: "WELCOME10",
  // A description that promises more than the code does: the console does not repeat it to customers.
  description: "10% off the first year",
  redemptionCount: 3,
  createdAt: "2026-01-02T09:00:00.000Z",
};

/** The quote for a request, with WELCOME10 as the service prices it (10 % of the first payment). */
const quoteFor = (request: QuoteRequest): SubscriptionQuote => {
  const price = request.interval === "year" ? 149000 : 14900;
  const base = { ...QUOTE_PLAIN, interval: request.interval, price, total: price };
  if (request.discountCode !== "WELCOME10") return base;
  const discount = { ...QUOTE_WITH_CODE.discount!, description: WELCOME.description, amountOff: price / 10 };
  return { ...base, discount, total: price - discount.amountOff };
};

beforeEach(() => {
  server.use(
    http.get("*/api/plans", () => reply(C.plans)),
    http.post("*/api/subscriptions/quote", async ({ request }) =>
      reply(C.quote.ok, quoteFor((await request.json()) as QuoteRequest)),
    ),
    http.get("*/api/saved-queries", () => HttpResponse.json([])),
    http.get("*/api/bookmarks", () => HttpResponse.json({ items: [] })),
    http.get("*/api/discounts", () =>
      HttpResponse.json([WELCOME], { headers: { "Content-Range": "discounts 0-0/1" } }),
    ),
    http.get("*/api/discounts/:id", () => HttpResponse.json(WELCOME)),
  );
});

const openAsInactiveAdmin = () =>
  renderConsole("/new-subscription", {
    role: "Admin",
    service: (service) => (service.subscription = { status: "inactive", message: "Your subscription is inactive." }),
  });

async function applyWelcome() {
  await screen.findByTestId("total");
  fireEvent.change(screen.getByLabelText("Discount code", { exact: false }), { target: { value: "welcome10" } });
  fireEvent.click(screen.getByRole("button", { name: "Apply" }));
}

describe("discount wording (issue 26 item 9)", () => {
  it("the order summary says a code's part comes off the first month of a monthly plan, renewing at the full price", async () => {
    await openAsInactiveAdmin();
    await applyWelcome();
    expect(await screen.findByText("WELCOME10: 10% off the first month")).toBeInTheDocument();
    expect(screen.queryByText(/first year/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("total")).toHaveTextContent("£134.10"));
    const lines = screen.getByTestId("price-lines");
    expect(within(lines).getByText(/^Renews on .* at the full price, £149\.00 \/ month\.$/)).toBeInTheDocument();
  });

  it("the order summary says the first year of a yearly plan", async () => {
    await openAsInactiveAdmin();
    fireEvent.click(await screen.findByRole("button", { name: "Yearly" }));
    await waitFor(() => expect(screen.getByTestId("total")).toHaveTextContent("£1,490.00"));
    await applyWelcome();
    expect(await screen.findByText("WELCOME10: 10% off the first year")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("total")).toHaveTextContent("£1,341.00"));
    expect(screen.getByText(/^Renews on .* at the full price, £1,490\.00 \/ year\.$/)).toBeInTheDocument();
  });

  it("the list's Active column says why a code switched on cannot be redeemed", async () => {
    const expired = { ...WELCOME, id: "dc-2", code: "FAIR2025", validTo: "2025-10-31T23:59:59.000Z" };
    const usedUp = { ...WELCOME, id: "dc-3", code: "FIRST50", redemptionLimit: 50, redemptionCount: 50 };
    const off = { ...WELCOME, id: "dc-4", code: "PAUSED", active: false };
    server.use(
      http.get("*/api/discounts", () =>
        HttpResponse.json([WELCOME, expired, usedUp, off], { headers: { "Content-Range": "discounts 0-3/4" } }),
      ),
    );
    await renderConsole("/discounts", { role: "SuperAdmin" });
    const activeOf = async (code: string) => {
      const row = (await screen.findByText(code)).closest("tr")!;
      return within(row).getByText(/^(Yes|No|Expired|Used up|Not yet valid)$/).textContent;
    };
    expect(await activeOf("WELCOME10")).toBe("Yes");
    expect(await activeOf("FAIR2025")).toBe("Expired");
    expect(await activeOf("FIRST50")).toBe("Used up");
    expect(await activeOf("PAUSED")).toBe("No");
  });

  it("offers Columns, its table standing inside the element that loads a discount's dialog on approach", async () => {
    await renderConsole("/discounts", { role: "SuperAdmin" });
    await screen.findByText("WELCOME10");
    fireEvent.click(screen.getByRole("button", { name: "Columns" }));
    const panel = await screen.findByRole("dialog", { name: "Columns" });
    expect(within(panel).getByRole("checkbox", { name: "Code" })).toBeChecked();
  });

  it("the code's form says what it does as typed, and when no plan takes it", async () => {
    await renderConsole("/discounts", { role: "SuperAdmin" });
    fireEvent.click(await screen.findByText("WELCOME10"));
    const dialog = await screen.findByRole("dialog", { name: "Discount WELCOME10" });
    expect(
      await within(dialog).findByText(
        "10% off the first payment of a new subscription only: its first month when billed monthly, its first year when billed yearly. Renewals cost the plan's full price.",
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("For you: customers are told what the code takes off, worded from its value."),
    ).toBeInTheDocument();

    const percent = within(dialog).getByRole("spinbutton", { name: "Percent off" });
    // The browser's stepper stays within a percent discount's rule (1–100).
    expect(percent).toHaveAttribute("min", "1");
    expect(percent).toHaveAttribute("max", "100");
    fireEvent.change(percent, { target: { value: "25" } });
    expect(
      await within(dialog).findByText(/^25% off the first payment of a new subscription only/),
    ).toBeInTheDocument();
    // An end date already past: said at once, before anyone tries the code (outside review).
    fireEvent.change(within(dialog).getByLabelText("Valid to"), { target: { value: "2020-01-31T12:00" } });
    expect(
      await within(dialog).findByText(/Its end date has passed, so it can no longer be redeemed\.$/),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText("Valid to"), { target: { value: "2099-01-31T12:00" } });

    // An amount in euros, written as a person writes it: said as applied, and that the plans (in
    // GBP) never take it.
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: /^Kind/ }));
    fireEvent.click(await screen.findByRole("option", { name: "Amount off" }));
    fireEvent.change(await within(dialog).findByRole("textbox", { name: "Amount off" }), {
      target: { value: "50" },
    });
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: /^Currency/ }));
    fireEvent.click(await screen.findByRole("option", { name: "EUR" }));
    expect(
      await within(dialog).findByText(
        /^€50\.00 off the first payment of a new subscription only: .* Plans are priced in GBP, so no plan takes this code\.$/,
      ),
    ).toBeInTheDocument();
  });
});
