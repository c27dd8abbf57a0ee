import { describe, expect, it } from "vitest";
import { cellText, learnCellRule } from "../../src/custom/startup/earlyRows/cellText";
import { formatDate, formatDateTime } from "../../src/custom/format";

/** Cells of a column `value` whose drawn texts are given. */
const drawn = (pairs: [unknown, string][]) => pairs.map(([value, text]) => ({ record: { value }, value, text }));
const write = (rule: ReturnType<typeof learnCellRule>, value: unknown) => cellText(rule, { value }, value);

describe("the early rows' cells, written as the list wrote them", () => {
  it("learns a value written as it is, as a number, as a day or as a date and time", () => {
    expect(learnCellRule(drawn([["Halo Atelier", "Halo Atelier"]]))).toEqual({ as: "text" });
    expect(learnCellRule(drawn([[12345, (12345).toLocaleString()]])).as).toBe("number");
    const at = "2026-10-30T09:15:00.000Z";
    expect(learnCellRule(drawn([[at, formatDate(at)]])).as).toBe("day");
    expect(learnCellRule(drawn([[at, formatDateTime(at)]])).as).toBe("dateTime");
    expect(write({ as: "day" }, "2026-11-02T12:00:00.000Z")).toBe(formatDate("2026-11-02T12:00:00.000Z"));
  });

  it("learns a status's words, and leaves a value it never saw blank rather than guessing", () => {
    const rule = learnCellRule(
      drawn([
        ["active", "Active"],
        ["past_due", "Past Due"],
        ["active", "Active"],
      ]),
    );
    expect(write(rule, "past_due")).toBe("Past Due");
    expect(write(rule, "inactive")).toBe("");
  });

  it("learns an amount written in the currency its record names, and writes another currency's too", () => {
    const cells = [
      { record: { amount: 14900, currency: "EUR", invoiceNumber: "INV-1" }, value: 14900, text: "€149.00" },
      // As the list writes it (Intl puts a no-break space after "CHF").
      { record: { amount: 49900, currency: "CHF", invoiceNumber: "INV-2" }, value: 49900, text: "CHF\u00a0499.00" },
    ];
    const rule = learnCellRule(cells);
    expect(rule).toEqual({ as: "money", currencyField: "currency" });
    expect(cellText(rule, { amount: 1250, currency: "JPY" }, 1250)).toBe("¥1,250");
    expect(cellText(rule, { amount: 1250 }, 1250)).toBe("");
    // Amounts the list wrote otherwise (in major units) are no money rule.
    expect(learnCellRule(cells.map((cell) => ({ ...cell, text: `€${cell.value}` }))).as).not.toBe("money");
  });

  it("writes an empty value as the list did (a dash)", () => {
    const rule = learnCellRule(
      drawn([
        ["Gemtest HQ", "Gemtest HQ"],
        [null, "—"],
      ]),
    );
    expect(write(rule, null)).toBe("—");
    expect(write(rule, "Brilliant Gems")).toBe("Brilliant Gems");
  });

  it("learns no words for a column of many values written otherwise (names drawn with something else), nor contradicting ones", () => {
    const many = drawn(Array.from({ length: 13 }, (_, index) => [`name ${index}`, `N${index}`] as [string, string]));
    expect(learnCellRule(many)).toEqual({ as: "blank" });
    expect(write(learnCellRule(many), "name 1")).toBe("");
    expect(
      learnCellRule(
        drawn([
          ["x", "One"],
          ["x", "Two"],
        ]),
      ),
    ).toEqual({ as: "blank" });
  });

  it("learns a cell that puts the record's fields together, as every row did", () => {
    const people = [
      { id: "u1", firstName: "Uma", lastName: "Tran" },
      { id: "u2", firstName: "Ivan", lastName: "Dubois" },
    ];
    const rule = learnCellRule(
      people.map((record) => ({ record, value: record.lastName, text: `${record.firstName} ${record.lastName}` })),
    );
    expect(rule).toEqual({ as: "fields", template: "{firstName} {lastName}" });
    expect(cellText(rule, { firstName: "Lena", lastName: "Khan" }, "Khan")).toBe("Lena Khan");
    // A held record's fields too (a test's device), between separators only.
    const tests = [
      { id: "t1", device: { name: "Bench A", model: "GT-1" } },
      { id: "t2", device: { name: "Bench B", model: "GT-2" } },
    ];
    const device = learnCellRule(
      tests.map((record) => ({ record, value: record.id, text: `${record.device.name} · ${record.device.model}` })),
    );
    expect(cellText(device, { device: { name: "Bench C", model: "GT-9" } }, "t3")).toBe("Bench C · GT-9");
    // Words left between the fields may be another record's otherwise (a device type's name): none.
    expect(
      learnCellRule(tests.map((record) => ({ record, value: record.id, text: `${record.device.name} · Gemtest Pro` })))
        .as,
    ).not.toBe("fields");
    // An avatar's initials are no field: no rule for them.
    expect(
      learnCellRule(
        people.map((record) => ({ record, value: record.lastName, text: record.firstName[0]! + record.lastName[0]! })),
      ).as,
    ).toBe("words");
  });
});
