/** The price and card rules of /new-subscription (src/api/plans.ts, src/api/cards.ts), shared by console and service. */
import { describe, expect, it } from "vitest";
import {
  cardBrand,
  cardLabel,
  cardNumberValid,
  cvcValid,
  expiryProblem,
  formatCardNumber,
  luhnValid,
  parseExpiry,
} from "../../src/api/cards";
import {
  discountAmount,
  discountRefusal,
  normalizeDiscountCode,
  periodEnd,
  PLANS,
  priceOf,
  type DiscountTerms,
} from "../../src/api/plans";

const at = (iso: string) => new Date(iso);

describe("periodEnd", () => {
  it("is one calendar month or year later, at the same time of day", () => {
    expect(periodEnd(at("2026-03-05T14:07:00Z"), "month").toISOString()).toBe("2026-04-05T14:07:00.000Z");
    expect(periodEnd(at("2026-12-20T08:00:00Z"), "month").toISOString()).toBe("2027-01-20T08:00:00.000Z");
    expect(periodEnd(at("2026-03-05T14:07:00Z"), "year").toISOString()).toBe("2027-03-05T14:07:00.000Z");
  });

  it("keeps to the last day of a shorter month", () => {
    expect(periodEnd(at("2026-01-31T10:00:00Z"), "month").toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(periodEnd(at("2028-01-31T10:00:00Z"), "month").toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(periodEnd(at("2028-02-29T10:00:00Z"), "year").toISOString()).toBe("2029-02-28T10:00:00.000Z");
    expect(periodEnd(at("2026-03-31T10:00:00Z"), "month").toISOString()).toBe("2026-04-30T10:00:00.000Z");
  });
});

describe("plans", () => {
  it("price a year at ten months", () => {
    for (const plan of PLANS) {
      expect(priceOf(plan, "year")).toBe(plan.monthlyPrice * 10);
      expect(priceOf(plan, "month")).toBe(plan.monthlyPrice);
    }
  });
});

const code = (terms: Partial<DiscountTerms>): DiscountTerms => ({
  code: "X",
  description: "",
  kind: "percent",
  percentOff: 10,
  amountOff: null,
  currency: null,
  validFrom: null,
  validTo: null,
  redemptionLimit: null,
  redemptionCount: 0,
  active: true,
  ...terms,
});

describe("discounts", () => {
  const now = at("2026-03-05T12:00:00Z");

  it("take a rounded percentage, or an amount up to the price", () => {
    expect(discountAmount(code({ percentOff: 10 }), 14900)).toBe(1490);
    expect(discountAmount(code({ percentOff: 15 }), 4999)).toBe(750);
    expect(discountAmount(code({ percentOff: 100 }), 4900)).toBe(4900);
    expect(discountAmount(code({ kind: "amount", percentOff: null, amountOff: 2000 }), 4900)).toBe(2000);
    expect(discountAmount(code({ kind: "amount", percentOff: null, amountOff: 9000 }), 4900)).toBe(4900);
  });

  it("apply only while active, in their dates, under their limit and in the plan's currency", () => {
    expect(discountRefusal(code({}), now, "GBP")).toBeNull();
    expect(discountRefusal(code({ active: false }), now, "GBP")).toBe("This code is no longer active.");
    expect(discountRefusal(code({ validFrom: at("2026-03-06T00:00:00Z") }), now, "GBP")).toBe(
      "This code is not valid yet.",
    );
    expect(discountRefusal(code({ validTo: at("2026-03-05T11:59:59Z") }), now, "GBP")).toBe("This code has expired.");
    expect(discountRefusal(code({ validTo: now }), now, "GBP")).toBeNull();
    expect(discountRefusal(code({ redemptionLimit: 2, redemptionCount: 2 }), now, "GBP")).toBe(
      "This code has been used up.",
    );
    expect(discountRefusal(code({ redemptionLimit: 2, redemptionCount: 1 }), now, "GBP")).toBeNull();
    const euros = code({ kind: "amount", percentOff: null, amountOff: 500, currency: "EUR" });
    expect(discountRefusal(euros, now, "GBP")).toBe("This code is for prices in EUR, and this plan is in GBP.");
    expect(discountRefusal(euros, now, "EUR")).toBeNull();
  });

  it("are typed in any case, with spaces around", () => {
    expect(normalizeDiscountCode("  welcome10 ")).toBe("WELCOME10");
  });
});

describe("cards", () => {
  it("check the Luhn digit", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("4000000000000002")).toBe(true);
    expect(luhnValid("378282246310005")).toBe(true);
    expect(cardNumberValid("4242 4242 4242 4242")).toBe(true);
    expect(cardNumberValid("4242-4242-4242-4242")).toBe(true);
    expect(cardNumberValid("4242 4242 4242 424x")).toBe(false);
    expect(cardNumberValid("42")).toBe(false);
    expect(cardNumberValid("")).toBe(false);
  });

  it("name the brand and show only the last four digits", () => {
    expect(cardBrand("4242424242424242")).toBe("Visa");
    expect(cardBrand("5555555555554444")).toBe("Mastercard");
    expect(cardBrand("2223003122003222")).toBe("Mastercard");
    expect(cardBrand("378282246310005")).toBe("Amex");
    expect(cardBrand("6011111111111117")).toBe("Discover");
    expect(cardBrand("9999999999999995")).toBe("Card");
    expect(cardLabel("Visa", "4242")).toBe("Visa •••• 4242");
  });

  it("group the number as it is typed", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("42424")).toBe("4242 4");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatCardNumber("4242 4242-4242")).toBe("4242 4242 4242");
  });

  it("are good until the end of their expiry month", () => {
    const now = at("2026-03-31T23:59:00Z");
    expect(parseExpiry("03/26")).toEqual({ month: 3, year: 2026 });
    expect(parseExpiry(" 3 / 2026 ")).toEqual({ month: 3, year: 2026 });
    expect(parseExpiry("13/26")).toBeNull();
    expect(parseExpiry("0326")).toBeNull();
    expect(expiryProblem("03/26", now)).toBeNull();
    expect(expiryProblem("03/26", at("2026-04-01T00:00:00Z"))).toBe("expired");
    expect(expiryProblem("02/26", now)).toBe("expired");
    expect(expiryProblem("1/2", now)).toBe("format");
  });

  it("want 3 CVC digits, 4 on Amex", () => {
    expect(cvcValid("123", "Visa")).toBe(true);
    expect(cvcValid("1234", "Visa")).toBe(false);
    expect(cvcValid("1234", "Amex")).toBe(true);
    expect(cvcValid("12a", "Mastercard")).toBe(false);
  });
});
