/**
 * Answers are serialised by their schemas, which drop any field a schema lacks and coerce any
 * value of another type. Every seeded record of every resource must therefore match its record
 * schema exactly (no coercion, no extra field): then what the service answers is what it read.
 * Also: the one list parser in both of its wordings (resources, gallery).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountDefinition } from "../../server/src/accounts/routes";
import { businessDefinition } from "../../server/src/businesses/routes";
import { deviceDefinition } from "../../server/src/devices/routes";
import { discountDefinition } from "../../server/src/discounts/routes";
import { firmwareDefinition } from "../../server/src/firmware/routes";
import { validatorCompiler } from "../../server/src/http/validation";
import { paymentDefinition, subscriptionDefinition } from "../../server/src/payments/billing";
import { recordSchema, type ResourceDefinition } from "../../server/src/resources/definition";
import { exportPages, parseList } from "../../server/src/resources/list";
import { parseGalleryQuery } from "../../server/src/testRecords/gallery";
import { userDefinition } from "../../server/src/users/resource";
import { createTestApp, type TestApp } from "./helpers";

const DEFINITIONS: ResourceDefinition[] = [
  accountDefinition,
  businessDefinition,
  userDefinition,
  deviceDefinition,
  paymentDefinition,
  subscriptionDefinition,
  firmwareDefinition,
  discountDefinition,
];
const superAdmin = { id: "nobody", role: "SuperAdmin" as const, accountId: "" };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("record schemas", () => {
  it.each(DEFINITIONS.map((def) => [def.name, def] as const))(
    "%s: every seeded record matches its schema exactly",
    async (_name, def) => {
      const schema = recordSchema(def);
      expect(Object.keys(schema.properties)).toEqual(Object.keys(def.fields));
      // The body compiler: strict types, no coercion; and no field beyond the schema's.
      const strict: object = { ...schema, additionalProperties: false };
      const validate = validatorCompiler({
        schema: strict,
        httpPart: "body",
        method: "GET",
        url: "/",
      }) as ((value: unknown) => boolean) & { errors?: unknown };
      let count = 0;
      for await (const rows of exportPages(t.db, def, parseList(def, superAdmin, {}))) {
        for (const row of rows) {
          count += 1;
          if (!validate(row)) expect({ row, errors: validate.errors }).toBe("a record matching its schema");
        }
      }
      expect(count).toBeGreaterThan(0);
    },
  );
});

describe("the one list parser", () => {
  const refusal = (parse: () => unknown) => {
    try {
      parse();
    } catch (error) {
      return (error as Error).message;
    }
    return "accepted";
  };

  it("words the resources' refusals their way", () => {
    const parse = (query: Record<string, string>) => () => parseList(accountDefinition, superAdmin, query);
    expect(refusal(parse({ sort: "[x" }))).toBe("sort must be valid JSON");
    expect(refusal(parse({ sort: '["name","asc"]' }))).toBe("sort: order must be ASC or DESC");
    expect(refusal(parse({ range: "[0,100]" }))).toBe("range: at most 100 rows per page");
    expect(refusal(parse({ filter: '{"colour":1}' }))).toBe("filter: unknown field colour");
    // An emptied input (null or "") is ignored, whatever the key.
    expect(refusal(parse({ filter: '{"colour":null,"status":""}' }))).toBe("accepted");
  });

  it("words the gallery's refusals its way, and takes a lower-case order", () => {
    expect(refusal(() => parseGalleryQuery({ sort: "[x" }))).toBe("sort is not valid JSON");
    expect(refusal(() => parseGalleryQuery({ range: "[0,100]" }))).toBe("range may span at most 100 tests");
    expect(refusal(() => parseGalleryQuery({ filter: '{"colour":null}' }))).toBe(
      "filter.colour is not an allowed filter",
    );
    expect(parseGalleryQuery({ sort: '["name","asc"]', filter: '{"q":"  gem ","deviceType":"4100"}' })).toEqual({
      sort: { field: "name", order: "ASC" },
      start: 0,
      end: 9,
      filter: { q: "gem", deviceType: 4100 },
    });
  });
});
