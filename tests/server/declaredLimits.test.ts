/**
 * Each editable field's declared limits (src/api/contract/fields.ts `limits`) hold on both sides:
 * a value past a limit is refused by the console's form check (validatorsOf, what its inputs
 * validate with) and by the service, through the console's own update, naming the field; and the
 * seeded records' values pass the form's checks, so a record as stored can be saved as it is.
 */
import type { RaRecord } from "react-admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTRACTS } from "../../src/api/contract";
import { editedFieldsOf } from "../../src/api/contract/declare";
import type { FieldDeclaration } from "../../src/api/contract/fields";
import type { ConsoleDataProvider } from "../../src/dataProvider";
import { INT32_MAX } from "../../src/api/rules";
import { onlyFields } from "../../src/resources/shared/editableFields";
import { validatorsOf } from "../../src/resources/shared/fieldValidators";
import { consoleAs } from "./consoleClient";
import { createTestApp, type TestApp } from "./helpers";

let testApp: TestApp;
let superAdmin: ConsoleDataProvider;

beforeAll(async () => {
  testApp = await createTestApp();
  superAdmin = await consoleAs(testApp.app, "superadmin@example.com");
});
afterAll(async () => {
  await testApp.close();
});

/** Values just past each declared limit of a field (a digit string matches every pattern's letters). */
function pastLimits(field: FieldDeclaration): { limit: string; value: unknown }[] {
  const limits = field.limits ?? {};
  const past: { limit: string; value: unknown }[] = [];
  if (limits.maxLength !== undefined) past.push({ limit: "maxLength", value: "1".repeat(limits.maxLength + 1) });
  if (limits.minimum !== undefined) past.push({ limit: "minimum", value: limits.minimum - 1 });
  if (limits.maximum !== undefined) past.push({ limit: "maximum", value: limits.maximum + 1 });
  if (limits.format === "email") past.push({ limit: "email", value: "not an email" });
  // An integer is whole and, unless it says less, within PostgreSQL's integer (outside review: a
  // redemption limit of 1.5 or 99999999999 got the service's raw words, the form had said nothing).
  if (field.kind === "integer") {
    past.push({ limit: "whole number", value: 1.5 });
    if (limits.maximum === undefined) past.push({ limit: "int32", value: INT32_MAX + 1 });
  }
  if (limits.pattern) {
    const pattern = new RegExp(limits.pattern.source);
    // A name's text refuses NUL and a text-direction override (U+202E), each tried; another pattern
    // its first refused candidate.
    const values =
      limits.pattern.message === "resources.shared.invalid.text"
        ? ["x\u0000y", "Zoë \u202eRTL"]
        : ["a b#", "x\u0000y"].filter((candidate) => !pattern.test(candidate)).slice(0, 1);
    for (const value of values) past.push({ limit: "pattern", value });
  }
  if (!field.nullable && !limits.optional && field.kind !== "boolean") past.push({ limit: "required", value: null });
  // The service counts a text's length trimmed: spaces alone are empty, spaces around do not count.
  if (field.kind === "text" && !field.nullable && !limits.optional) past.push({ limit: "spaces", value: "   " });
  if (limits.minLength !== undefined && limits.minLength > 1) {
    past.push({ limit: "trimmed minLength", value: `  ${"1".repeat(limits.minLength - 1)}  ` });
  }
  return past;
}

/** What the form's checks say of a value: undefined when it passes. */
const formSays = (field: FieldDeclaration, value: unknown, values: object) =>
  validatorsOf(field)
    .map((check) => check(value, values, {}) as unknown)
    .find((message) => message !== undefined);

const WRITABLE = Object.values(CONTRACTS).filter((contract) => contract.editable);

describe.each(WRITABLE.map((contract) => [contract.name, contract] as const))("%s", (name, contract) => {
  const samples = async (): Promise<RaRecord[]> =>
    (
      await superAdmin.getList(name, {
        pagination: { page: 1, perPage: 5 },
        sort: { field: "id", order: "ASC" },
        filter: {},
      })
    ).data;

  it("declares limits on every field its edit form saves", () => {
    const bare = (contract.editable ?? []).filter((source) => {
      const field = contract.fields[source]!;
      return field.kind !== "boolean" && field.kind !== "oneOf" && !field.limits;
    });
    expect(bare).toEqual([]);
  });

  it("keeps its stored records' values within the form's checks", async () => {
    const records = await samples();
    expect(records.length).toBeGreaterThan(0);
    const refused = records.flatMap((record) =>
      (contract.editable ?? []).flatMap((source) => {
        const message = formSays(contract.fields[source]!, record[source], record);
        return message === undefined ? [] : [`${String(record.id)}.${source}: ${JSON.stringify(message)}`];
      }),
    );
    expect(refused).toEqual([]);
  });

  it("refuses a value past each declared limit in the form and in the service, naming the field", async () => {
    const [record] = await samples();
    const saved = onlyFields(editedFieldsOf(contract))(record!);
    const agreed: string[] = [];
    const disagreed: string[] = [];
    for (const source of contract.editable ?? []) {
      const field = contract.fields[source]!;
      for (const { limit, value } of pastLimits(field)) {
        const data = { ...saved, [source]: value };
        const form = formSays(field, value, data);
        const service = await superAdmin
          .update(name, { id: record!.id, data, previousData: record! })
          .then(() => "saved")
          .catch((error: { status?: number; body?: unknown }) =>
            (error.status === 400 || error.status === 422) && JSON.stringify(error.body).includes(source)
              ? "refused"
              : `${String(error.status)} ${JSON.stringify(error.body)}`,
          );
        const probe = `${source} ${limit}`;
        if (form !== undefined && service === "refused") agreed.push(probe);
        else disagreed.push(`${probe}: form ${form === undefined ? "accepts" : "refuses"}, service ${service}`);
      }
    }
    expect(disagreed).toEqual([]);
    expect(agreed.length).toBeGreaterThan(0);
  });
});
