/**
 * A list's columns offer to sort only by what its resource's contract declares (the service
 * refuses any other sort with 400), and every resource list goes through that rule.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTRACTS } from "../../src/api/contract";
import { columnsOf, type AnyResourceContract } from "../../src/api/contract/declare";
import * as field from "../../src/api/contract/fields";
import { declaredMessages } from "../../src/i18n/declaredMessages";
import { en } from "../../src/i18n/en";
import { isSortable } from "../../src/resources/shared/columns";
import { valueWordsKey } from "../../src/resources/shared/status";
import { gaugesContract } from "../fixtures/gauges";

const RESOURCES = resolve(__dirname, "../../src/resources");

describe("declared columns", () => {
  it("sort by a declared sort or id, never by another field of a declared resource", () => {
    expect(isSortable("accounts", "name")).toBe(true);
    expect(isSortable("accounts", "id")).toBe(true);
    expect(isSortable("discounts", "description")).toBe(true);
    expect(isSortable("accounts", "phone")).toBe(false);
    expect(isSortable("payments", "methodDetail")).toBe(false);
    expect(isSortable("accounts", undefined)).toBe(false);
  });

  it("leave a list without a contract to its columns", () => {
    expect(isSortable("phones", "tests")).toBe(true);
    expect(isSortable(undefined, "name")).toBe(true);
  });

  it("are the only columns the resources' lists use", () => {
    const files = readdirSync(RESOURCES, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".tsx"));
    const bypassing = files.filter((file) =>
      /DataTable\.(Number)?Col\b/.test(readFileSync(join(RESOURCES, file), "utf8")),
    );
    expect(bypassing.filter((file) => !file.startsWith("shared/"))).toEqual([]);
  });
});

describe("a list's columns (columnsOf)", () => {
  it("are the declared ones, in their order", () => {
    expect(columnsOf({ fields: { id: field.id(), b: field.text(), a: field.text() }, columns: ["a", "b"] })).toEqual([
      "a",
      "b",
    ]);
  });

  it("are, undeclared, every field but ids, versions and references, in the record's order", () => {
    const fields = {
      id: field.id(),
      version: field.version(),
      name: field.text(),
      accountId: field.textOrNull(),
      accountName: field.text(),
      createdAt: field.date(),
    };
    expect(columnsOf({ fields, references: { accountId: "accounts" } })).toEqual(["name", "accountName", "createdAt"]);
  });

  it("name only fields of the record, and hide only columns the list has", () => {
    for (const contract of Object.values(CONTRACTS)) {
      const columns = columnsOf(contract);
      expect(
        columns.filter((column) => !(column in contract.fields)),
        contract.name,
      ).toEqual([]);
      expect(
        (contract.hiddenColumns ?? []).filter((column) => !columns.includes(column)),
        contract.name,
      ).toEqual([]);
    }
  });
});

describe("the words of a field's values (fields.ts `labels`)", () => {
  const lookUp = (messages: object, key: string) =>
    key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  /** Each value's words in en.ts, or in its resource's declared screen (declaredMessages.ts). */
  function valuesWithoutWords(contracts: Record<string, AnyResourceContract>): string[] {
    const screens = declaredMessages(contracts);
    const missing: string[] = [];
    for (const contract of Object.values(contracts)) {
      for (const [key, declared] of Object.entries(contract.fields)) {
        if (declared.labels === undefined) continue;
        for (const value of declared.values ?? []) {
          const words = valueWordsKey(declared.labels, value);
          const found = lookUp(en, words) ?? lookUp(screens, words);
          if (typeof found !== "string") missing.push(`${contract.name}.${key}: ${words}`);
        }
      }
    }
    return missing;
  }

  it("name a message for every value of every field that declares them", () => {
    expect(valuesWithoutWords(CONTRACTS)).toEqual([]);
  });

  it("may be declared with the resource's screen", () => {
    expect(valuesWithoutWords({ gauges: gaugesContract })).toEqual([]);
    const { kinds: _kinds, ...words } = gaugesContract.screen!.words;
    const unnamed = { ...gaugesContract, screen: { ...gaugesContract.screen!, words } };
    expect(valuesWithoutWords({ gauges: unnamed })).toEqual([
      "gauges.kind: resources.gauges.kinds.caliper",
      "gauges.kind: resources.gauges.kinds.loupe",
    ]);
  });
});

describe("declared deletes", () => {
  it("say in the product's words what was deleted, never react-admin's \"Element deleted\"", () => {
    const resources = en.resources as Record<string, { notifications?: { deleted?: string } }>;
    const deletable = Object.entries(CONTRACTS).filter(([, contract]) => contract.access.delete !== undefined);
    expect(deletable.length).toBeGreaterThan(3);
    for (const [name] of deletable) {
      expect(resources[name]?.notifications?.deleted, name).toMatch(/deleted|deletion/);
    }
  });
});
