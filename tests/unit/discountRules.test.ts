import { describe, expect, it } from "vitest";
import { discountEffect, discountProblems } from "../../src/api/discountRules";
import { discountAmount, PLAN_CURRENCY } from "../../src/api/plans";
import { formProblems } from "../../src/resources/discounts/discountRules";

const percent = { code: "WELCOME10", kind: "percent", percentOff: 10, amountOff: null, currency: null };
const amount = { code: "FIVE_OFF", kind: "amount", percentOff: null, amountOff: 500, currency: "EUR" };

describe("the discount rules both sides apply", () => {
  it("accept a valid percent and a valid amount code", () => {
    expect(discountProblems(percent)).toEqual({});
    expect(discountProblems({ ...amount, validFrom: "2026-01-01", validTo: "2026-02-01", redemptionLimit: 3 })).toEqual(
      {},
    );
  });

  it("name each field's problem, in the form's order", () => {
    expect(Object.entries(discountProblems({ ...percent, code: "x", percentOff: 101, currency: "EUR" }))).toEqual([
      ["code", "codeInvalid"],
      ["percentOff", "percentInvalid"],
      ["currency", "notForPercent"],
    ]);
    expect(discountProblems({ ...amount, amountOff: 0, percentOff: 5, currency: "euro" })).toEqual({
      amountOff: "amountInvalid",
      percentOff: "notForAmount",
      currency: "currencyInvalid",
    });
  });

  it("want dates in order and a limit not below the redemptions made", () => {
    expect(discountProblems({ ...percent, validFrom: "2026-02-01", validTo: "2026-01-01" })).toEqual({
      validTo: "datesInvalid",
    });
    expect(discountProblems({ ...percent, validFrom: "February" })).toEqual({ validFrom: "dateInvalid" });
    expect(
      discountProblems({ ...percent, validFrom: new Date("2026-01-01"), validTo: new Date("2025-01-01") }),
    ).toEqual({
      validTo: "datesInvalid",
    });
    expect(discountProblems({ ...percent, redemptionLimit: 4 }, 5)).toEqual({ redemptionLimit: "limitInvalid" });
    expect(discountProblems({ ...percent, redemptionLimit: 0 })).toEqual({ redemptionLimit: "limitInvalid" });
  });

  it("judge the form as it will be sent: a value of the other kind left in a hidden input does not count", () => {
    expect(formProblems({ ...amount, kind: "percent", percentOff: 20 })).toEqual({});
    expect(formProblems({ ...percent, code: "welcome10" })).toEqual({});
    expect(formProblems({ ...percent, redemptionLimit: 1 }, 3)).toEqual({
      redemptionLimit: { message: "resources.discounts.limitInvalid", args: { min: 3 } },
    });
    expect(formProblems({ ...amount, currency: null })).toEqual({ currency: "resources.discounts.currencyInvalid" });
  });
});

describe("what a code does, as it is applied (discountEffect)", () => {
  it("comes off the first payment only: the first month or year as billed, the first payment unsaid", () => {
    const welcome = { kind: "percent" as const, percentOff: 10, amountOff: null, currency: null };
    expect(discountEffect(welcome, "month")).toEqual({ off: { percent: 10 }, first: "month", appliesToNoPlan: false });
    expect(discountEffect(welcome, "year").first).toBe("year");
    expect(discountEffect(welcome).first).toBe("payment");
    // The price rule takes it once, from one period's price: a month's when billed monthly.
    expect(discountAmount(welcome, 14900)).toBe(1490);
  });

  it("takes an amount in its currency, which only plans in that currency take", () => {
    const gbp = { kind: "amount" as const, percentOff: null, amountOff: 2000, currency: PLAN_CURRENCY };
    expect(discountEffect(gbp, "month")).toEqual({
      off: { amount: 2000, currency: PLAN_CURRENCY },
      first: "month",
      appliesToNoPlan: false,
    });
    expect(discountEffect({ ...gbp, currency: "EUR" }).appliesToNoPlan).toBe(true);
  });
});
