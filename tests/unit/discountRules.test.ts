import { describe, expect, it } from "vitest";
import { discountProblems } from "../../src/api/discountRules";
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
