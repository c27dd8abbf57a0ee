/**
 * The payment step of a new subscription: one interface every payment provider plugs in behind
 * (PAYMENT_PROVIDER), and the built-in test provider, which answers per card number as card
 * processors' test modes do, so the whole flow runs without a real account.
 *
 * A provider gets the card once, to charge it, and answers only what may be kept: a reference,
 * the brand and the last four digits. The service never stores the number or the CVC.
 */
import { randomUUID } from "node:crypto";
import { cardBrand, cardDigits, luhnValid, type CardBrand } from "../../../src/api/cards";
import type { CardDetails } from "../../../src/api/plans";

export interface ChargeRequest {
  /** Minor units. */
  amount: number;
  currency: string;
  card: CardDetails;
  /** On the customer's statement and the provider's dashboard. */
  description: string;
  /** The same key charges at most once: a repeat answers the first outcome (providers keep it ~24 h). */
  idempotencyKey: string;
}

export type ChargeResult =
  | { ok: true; reference: string; brand: CardBrand; last4: string }
  | { ok: false; reason: string; brand: CardBrand; last4: string };

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

export const PAYMENT_PROVIDERS = ["test"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The test provider's cards (docs/api.md "New subscription"); any other valid number succeeds. */
export const TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

export const DECLINE_REASONS = {
  [TEST_CARDS.declined]: "Your card was declined.",
  [TEST_CARDS.insufficientFunds]: "Your card has insufficient funds.",
} as Record<string, string>;

export const INVALID_NUMBER_REASON = "Your card number is incorrect.";

/** The test provider, and what it was asked (tests count the charges it made). */
export interface TestPaymentProvider extends PaymentProvider {
  /** Every charge it carried out (not the repeats of a key). */
  readonly charges: readonly (ChargeRequest & { result: ChargeResult })[];
}

export function testPaymentProvider(): TestPaymentProvider {
  const byKey = new Map<string, ChargeResult>();
  const charges: (ChargeRequest & { result: ChargeResult })[] = [];
  return {
    name: "test",
    charges,
    async charge(request) {
      const earlier = byKey.get(request.idempotencyKey);
      if (earlier) return earlier;
      const digits = cardDigits(request.card.number) ?? "";
      const brand = cardBrand(digits);
      const last4 = digits.slice(-4);
      const reason = !luhnValid(digits) ? INVALID_NUMBER_REASON : DECLINE_REASONS[digits];
      const result: ChargeResult =
        reason === undefined
          ? { ok: true, reference: `test_ch_${randomUUID()}`, brand, last4 }
          : { ok: false, reason, brand, last4 };
      byKey.set(request.idempotencyKey, result);
      charges.push({ ...request, result });
      return result;
    },
  };
}

/** The provider PAYMENT_PROVIDER names; a real one is added here, behind the same interface. */
export function createPaymentProvider(name: PaymentProviderName): PaymentProvider {
  switch (name) {
    case "test":
      return testPaymentProvider();
  }
}
