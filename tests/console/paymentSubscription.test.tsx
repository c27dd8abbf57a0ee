import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { Payment } from "../../src/api/resources";
import { STARTED } from "../fixtures/subscriptionContract";
import { renderConsole } from "./harness/renderConsole";
import { server } from "./harness/server";
import { db, installResourceService } from "./harness/resourceService";

/**
 * Issue 26 item 8: a payment's page names its subscription by its plan and billing, linked (to the
 * subscription's page for super admins, to Payments › Subscriptions for admins), never by its id.
 */
installResourceService();

const subscription = STARTED.subscription;
const payment: Payment = { ...STARTED.payment, id: "p-1", accountId: "acc-1", accountName: "Account 01" };

function serveSubscription() {
  const asked: string[] = [];
  server.use(
    http.get("*/api/subscriptions", ({ request }) => {
      const filter = JSON.parse(new URL(request.url).searchParams.get("filter") ?? "{}") as { id?: string[] };
      asked.push(...(filter.id ?? []));
      const rows = filter.id?.includes(subscription.id) ? [subscription] : [];
      return HttpResponse.json(rows, {
        headers: { "Content-Range": `subscriptions 0-${rows.length - 1}/${rows.length}` },
      });
    }),
  );
  return asked;
}

/** The value beside the "Subscription" label of the payment's details. */
const subscriptionValue = async () => {
  const label = await screen.findByText("Subscription", { selector: "dt" });
  return label.parentElement as HTMLElement;
};

describe("a payment's subscription (issue 26 item 8)", () => {
  it("is named by its plan for a super admin, linked to its page", async () => {
    db.payments = [payment];
    const asked = serveSubscription();
    await renderConsole("/payment/p-1", { role: "SuperAdmin" });
    const link = await screen.findByRole("link", { name: "Professional · Monthly" });
    expect(link).toHaveAttribute("href", `/subscription/${subscription.id}`);
    expect(asked).toEqual([subscription.id]);
    expect(within(await subscriptionValue()).getByRole("link")).toBe(link);
    expect(screen.queryByText(subscription.id, { exact: false })).not.toBeInTheDocument();
  });

  it("is named by its plan for an admin, linked to Payments › Subscriptions", async () => {
    db.payments = [payment];
    serveSubscription();
    await renderConsole("/payment/p-1", { role: "Admin" });
    const link = await screen.findByRole("link", { name: "Professional · Monthly" });
    expect(link).toHaveAttribute("href", "/payments?section=subscription");
    expect(screen.queryByText(subscription.id, { exact: false })).not.toBeInTheDocument();
  });

  it("still links when the subscription cannot be read, without showing its id", async () => {
    db.payments = [{ ...payment, subscriptionId: "gone-subscription" }];
    serveSubscription();
    await renderConsole("/payment/p-1", { role: "SuperAdmin" });
    const link = await screen.findByRole("link", { name: "Open the subscription" });
    expect(link).toHaveAttribute("href", "/subscription/gone-subscription");
    expect(screen.queryByText("gone-subscription", { exact: false })).not.toBeInTheDocument();
  });
});
