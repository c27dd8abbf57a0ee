import { describe, expect, it } from "vitest";
import { HttpError } from "react-admin";
import {
  changedFields,
  classifySaveError,
  fieldErrorsOf,
  isConflict,
  keepEdits,
} from "../../src/resources/shared/concurrency";
import { formatBytes, formatMoney, minorDigits, toMajor, toMajorText, toMinor } from "../../src/resources/shared/money";
import { hasEnded, normalizeDiscount } from "../../src/resources/discounts/discountRules";
import type { DiscountCreate } from "../../src/api/resources";
import { discountStanding, statusLabelKey, statusTone } from "../../src/resources/shared/status";
import { cleanFilter, exportFileName, exportPath } from "../../src/resources/shared/exportUrl";
import { isSameQuery, queryValueOf, savedQueryLabelError } from "../../src/resources/shared/savedQueries";
import { paths } from "../../src/resources/shared/paths";

describe("the 409 decision", () => {
  it("reads a 409 as a conflict, keeping the service's message", () => {
    const error = new HttpError("Someone saved this account first.", 409, {
      message: "Someone saved this account first.",
    });
    expect(isConflict(error)).toBe(true);
    expect(classifySaveError(error, "An error occurred")).toEqual({
      kind: "conflict",
      message: "Someone saved this account first.",
    });
  });

  it("reads field errors as a validation failure", () => {
    const error = new HttpError("email: already used", 422, {
      message: "email: already used",
      errors: { email: "This email is already used.", ignored: 3 },
    });
    expect(fieldErrorsOf(error)).toEqual({ email: "This email is already used." });
    expect(classifySaveError(error, "fallback")).toEqual({
      kind: "validation",
      message: "email: already used",
      errors: { email: "This email is already used." },
    });
  });

  it("reads anything else as a message, falling back when there is none", () => {
    expect(classifySaveError(new HttpError("Forbidden", 403, { message: "Forbidden" }), "x")).toEqual({
      kind: "other",
      message: "Forbidden",
    });
    expect(classifySaveError(new HttpError("", 500, null), "An error occurred")).toEqual({
      kind: "other",
      message: "An error occurred",
    });
    expect(classifySaveError(undefined, "An error occurred").kind).toBe("other");
    expect(classifySaveError("Plain text", "x")).toEqual({ kind: "other", message: "Plain text" });
    expect(fieldErrorsOf(new HttpError("x", 400, { errors: {} }))).toBeNull();
  });

  it("keeps the user's edits over the reloaded record, with the new version", () => {
    const reloaded = { id: "a1", version: 5, name: "Theirs", phone: "+1 555", email: "new@x.io" };
    const edited = { id: "a1", version: 4, name: "Mine", phone: "+1 000", email: "old@x.io" };
    expect(keepEdits(reloaded, edited, ["name", "version", "id", "missing"])).toEqual({
      id: "a1",
      version: 5,
      name: "Mine",
      phone: "+1 555",
      email: "new@x.io",
    });
  });

  it("lists the fields a form changed", () => {
    expect(changedFields({ a: 1, b: [1], c: "x" }, { a: 1, b: [2], d: true })).toEqual(["b", "c", "d"]);
  });
});

describe("money and sizes", () => {
  it("formats minor units in the currency's own digits", () => {
    expect(formatMoney(129900, "USD")).toBe("$1,299.00");
    expect(formatMoney(500, "JPY")).toBe("¥500");
    expect(formatMoney(1500, "EUR")).toBe("€15.00");
    expect(minorDigits("KWD")).toBe(3);
  });

  it("shows a malformed currency code after the amount", () => {
    expect(formatMoney(1234, "nope")).toBe("12.34 nope");
    expect(minorDigits("nope")).toBe(2);
  });

  it("turns typed amounts into minor units and back", () => {
    expect(toMinor("12.5", "USD")).toBe(1250);
    expect(toMinor("1,000", "USD")).toBe(100000);
    expect(toMinor(7, "JPY")).toBe(7);
    expect(toMinor("", "USD")).toBeNull();
    expect(toMinor("-1", "USD")).toBeNull();
    expect(toMinor("abc", "USD")).toBeNull();
    expect(toMajor(1250, "USD")).toBe(12.5);
  });

  it("refuses an amount it would have to guess at, never reading a decimal comma as thousands", () => {
    // "1,5" meant one and a half: read as 15 it refunded ten times the money (outside review).
    expect(toMinor("1,5", "GBP")).toBeNull();
    expect(toMinor("1,50", "GBP")).toBeNull();
    expect(toMinor("12,34.5", "USD")).toBeNull();
    expect(toMinor("1,234,567.89", "USD")).toBe(123456789);
    expect(toMinor(" 1.5 ", "USD")).toBe(150);
    // A fraction of the currency's smallest unit, or a number as code writes it.
    expect(toMinor("1.005", "USD")).toBeNull();
    expect(toMinor("1.5", "JPY")).toBeNull();
    expect(toMinor("1.234", "KWD")).toBe(1234);
    expect(toMinor("1e3", "USD")).toBeNull();
    expect(toMinor(".5", "USD")).toBe(50);
    expect(toMinor("Infinity", "USD")).toBeNull();
  });

  it("shows a stored amount as a person writes it, and reads a discount's amount off so (outside review: 50 made €0.50)", () => {
    expect(toMajorText(5000, "EUR")).toBe("50.00");
    expect(toMajorText(1050, "GBP")).toBe("10.50");
    expect(toMajorText(7, "JPY")).toBe("7");
    const amount = (amountOff: unknown, currency: string) =>
      normalizeDiscount({ kind: "amount", amountOff, currency } as Partial<DiscountCreate>).amountOff;
    expect(amount("10.50", "GBP")).toBe(1050);
    expect(amount("50", "EUR")).toBe(5000);
    // The record's own value, untouched, is already in minor units.
    expect(amount(5000, "EUR")).toBe(5000);
    expect(amount("10,5", "GBP")).toBeNaN();
    expect(amount("1.005", "USD")).toBeNaN();
    expect(amount("", "USD")).toBeNaN();
  });

  it("knows a discount whose end date has passed", () => {
    const now = Date.parse("2026-12-01T00:00:00.000Z");
    expect(hasEnded("2026-11-30T23:59:59.000Z", now)).toBe(true);
    expect(hasEnded(new Date(now), now)).toBe(true);
    expect(hasEnded("2026-12-01T00:00:01.000Z", now)).toBe(false);
    expect(hasEnded(null, now)).toBe(false);
    expect(hasEnded("", now)).toBe(false);
    expect(hasEnded("not a date", now)).toBe(false);
  });

  it("formats byte counts", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(10 * 1024 * 1024)).toBe("10 MB");
  });
});

describe("status labels and colours", () => {
  it("colours each status by what it means", () => {
    expect(statusTone("succeeded")).toBe("success");
    expect(statusTone("past_due")).toBe("warning");
    expect(statusTone("canceled")).toBe("error");
    expect(statusTone("lost")).toBe("error");
    expect(statusTone("invited")).toBe("info");
    expect(statusTone("refunded")).toBe("default");
    expect(statusTone("something-new")).toBe("default");
    expect(statusLabelKey("past_due")).toBe("resources.shared.status.past_due");
  });

  it("knows where a discount stands: redeemable, off, or on but not redeemable and why", () => {
    const discount = {
      active: true,
      validFrom: "2026-01-01T00:00:00Z",
      validTo: "2026-12-31T23:59:59Z",
      redemptionLimit: 10,
      redemptionCount: 3,
    };
    expect(discountStanding(discount, new Date("2026-06-01"))).toBe("live");
    expect(discountStanding(discount, new Date("2025-12-31"))).toBe("notYet");
    expect(discountStanding(discount, new Date("2027-01-01"))).toBe("expired");
    expect(discountStanding({ ...discount, redemptionCount: 10 }, new Date("2026-06-01"))).toBe("usedUp");
    expect(discountStanding({ ...discount, active: false }, new Date("2027-01-01"))).toBe("off");
    expect(discountStanding({ ...discount, validFrom: null, validTo: null, redemptionLimit: null }, new Date())).toBe(
      "live",
    );
  });
});

describe("the server export URL", () => {
  it("carries the list's filter and sort", () => {
    const path = exportPath("accounts", {
      filter: { q: "gem", status: "active", country: "", empty: [], missing: undefined },
      sort: { field: "createdAt", order: "DESC" },
    });
    const [base, query] = path.split("?");
    expect(base).toBe("accounts/export.csv");
    const params = new URLSearchParams(query);
    expect(JSON.parse(params.get("filter")!)).toEqual({ q: "gem", status: "active" });
    expect(JSON.parse(params.get("sort")!)).toEqual(["createdAt", "DESC"]);
  });

  it("sends no empty parameters", () => {
    expect(exportPath("users")).toBe("users/export.csv");
    expect(exportPath("users", { filter: { q: "" }, sort: { field: "", order: "ASC" } })).toBe("users/export.csv");
    expect(cleanFilter({ a: 0, b: false, c: null })).toEqual({ a: 0, b: false, c: null });
  });

  it("names the file by resource and day", () => {
    expect(exportFileName("payments", new Date(2026, 2, 7))).toBe("payments-2026-03-07.csv");
  });
});

describe("saved queries", () => {
  const current = queryValueOf({
    filterValues: { status: "active", q: "", country: "GB" },
    sort: { field: "name", order: "ASC" },
    perPage: 25,
  });

  it("stores the list's cleaned query", () => {
    expect(current).toEqual({
      filter: { status: "active", country: "GB" },
      sort: { field: "name", order: "ASC" },
      perPage: 25,
    });
  });

  it("matches regardless of key order, and not across sort or page size", () => {
    const saved = {
      filter: { country: "GB", status: "active" },
      sort: { field: "name", order: "ASC" as const },
      perPage: 25,
    };
    expect(isSameQuery(saved, current)).toBe(true);
    expect(isSameQuery({ ...saved, perPage: 50 }, current)).toBe(false);
    expect(isSameQuery({ ...saved, sort: { field: "name", order: "DESC" } }, current)).toBe(false);
    expect(isSameQuery({ ...saved, filter: { country: "GB" } }, current)).toBe(false);
  });

  it("wants a new, non-empty label", () => {
    expect(savedQueryLabelError("  ", [])).toBe("required");
    expect(savedQueryLabelError("UK active", [{ label: "uk ACTIVE " }])).toBe("taken");
    expect(savedQueryLabelError("UK active", [{ label: "US" }])).toBeNull();
  });
});

describe("paths of spec §2", () => {
  it("names each record's page", () => {
    expect(paths.account("a 1")).toBe("/accounts/a%201");
    expect(paths.business("b1")).toBe("/accounts/business/b1");
    expect(paths.subscription("s1")).toBe("/subscription/s1");
    expect(paths.payment("p1")).toBe("/payment/p1");
    expect(paths.subscriptions).toBe("/payments?section=subscription");
    expect(paths.invitation("XYZ")).toBe("/invitation/XYZ");
  });
});
