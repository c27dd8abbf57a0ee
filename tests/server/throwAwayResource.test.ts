/**
 * The recipe "Add a resource" (docs/ARCHITECTURE.md) followed on the service for a resource the
 * product does not have (tests/fixtures/gauges.ts): one line, `contractTable(contract)`, which
 * makes its table from its contract (its migration generated as `npm run db:generate` would) and
 * has its routes served, each field's SQL read off the table. Driven through the console's own
 * dataProvider, it lists, reads, creates, updates and deletes as its contract declares, with
 * nothing written for it but those.
 */
import { sql } from "drizzle-orm";
import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import type { OpenAPIV3 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editedFieldsOf } from "../../src/api/contract/declare";
import { LIST_EXACT_TOTAL } from "../../src/api/rules";
import { onlyFields } from "../../src/resources/shared/editableFields";
import type { ConsoleDataProvider } from "../../src/dataProvider";
import * as schema from "../../server/src/db/schema";
import { rowsOf } from "../../server/src/resources/sql";
import { implementFromTable } from "../../server/src/resources/tableResource";
import { gaugesContract, type Gauge } from "../fixtures/gauges";
import { consoleAs } from "./consoleClient";
import { createTestApp, type TestApp } from "./helpers";

// Its one line on the service, as in server/src/db/schema.ts (this file runs in modules of its own:
// vitest.config.ts).
const gauges = schema.contractTable(gaugesContract);

let testApp: TestApp;
let superAdmin: ConsoleDataProvider;
let admin: ConsoleDataProvider;

beforeAll(async () => {
  testApp = await createTestApp();
  // Its migration: what drizzle-kit writes for the schema with the table beside the one without.
  const migration = await generateMigration(generateDrizzleJson(schema), generateDrizzleJson({ ...schema, gauges }));
  for (const statement of migration) await testApp.db.execute(sql.raw(statement));
  superAdmin = await consoleAs(testApp.app, "superadmin@example.com");
  admin = await consoleAs(testApp.app, "admin@example.com");
});
afterAll(async () => {
  await testApp.close();
});

const byName = (order: "ASC" | "DESC") => ({
  pagination: { page: 1, perPage: 10 },
  sort: { field: "name", order },
  filter: {},
});

describe("a resource made of its contract and one line", () => {
  it("creates, lists, sorts, filters, reads, updates and deletes through the console's dataProvider", async () => {
    const accountId = admin.user.accountId;
    const make = (name: string, kind: Gauge["kind"]) =>
      superAdmin.create("gauges", {
        data: { name, accountId, kind, calibrated: kind === "caliper", readings: 3, calibratedAt: null },
      });
    const { data: caliper } = await make("Bench caliper", "caliper");
    await make("Desk loupe", "loupe");
    // The account's name is read through the reference, as its contract's representation.
    const { data: account } = await superAdmin.getOne("accounts", { id: accountId });
    expect(caliper).toMatchObject({ name: "Bench caliper", version: 1, accountName: account.name });

    const names = async (order: "ASC" | "DESC") =>
      (await superAdmin.getList("gauges", byName(order))).data.map((gauge) => gauge.name);
    expect(await names("ASC")).toEqual(["Bench caliper", "Desk loupe"]);
    expect(await names("DESC")).toEqual(["Desk loupe", "Bench caliper"]);
    const loupes = await superAdmin.getList("gauges", { ...byName("ASC"), filter: { kind: "loupe" } });
    expect(loupes.data.map((gauge) => gauge.name)).toEqual(["Desk loupe"]);
    expect(loupes.total).toBe(1);

    const { data: updated } = await superAdmin.update("gauges", {
      id: caliper.id,
      data: {
        version: 1,
        name: "Bench caliper 2",
        accountId,
        kind: "caliper",
        calibrated: true,
        readings: 4,
        calibratedAt: "2026-03-02T10:00:00.000Z",
      },
      previousData: caliper,
    });
    expect(updated).toMatchObject({ name: "Bench caliper 2", version: 2, calibratedAt: "2026-03-02T10:00:00.000Z" });
    // A stale version is refused, and a value past a declared limit names its field.
    await expect(
      superAdmin.update("gauges", {
        id: caliper.id,
        data: onlyFields(editedFieldsOf(gaugesContract))({ ...updated, version: 1 }),
        previousData: updated,
      }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      superAdmin.update("gauges", {
        id: caliper.id,
        data: { version: 2, name: "x".repeat(41), accountId, kind: "caliper", calibrated: true, readings: 4 },
        previousData: updated,
      }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining("name") as string });

    // The contract lets admins list their account's gauges (not another account's), and only super
    // admins write.
    const elsewhere = await superAdmin.create("gauges", {
      data: {
        name: "Other lab's loupe",
        accountId: superAdmin.user.accountId,
        kind: "loupe",
        calibrated: false,
        readings: 0,
      },
    });
    expect(superAdmin.user.accountId).not.toBe(accountId);
    expect((await admin.getList("gauges", byName("ASC"))).data.map((gauge) => gauge.name)).toEqual([
      "Bench caliper 2",
      "Desk loupe",
    ]);
    await superAdmin.delete("gauges", { id: elsewhere.data.id, previousData: elsewhere.data });
    await expect(
      admin.create("gauges", { data: { name: "Mine", accountId, kind: "loupe", calibrated: false, readings: 0 } }),
    ).rejects.toMatchObject({ status: 403 });

    await superAdmin.delete("gauges", { id: caliper.id, previousData: updated });
    expect(await names("ASC")).toEqual(["Desk loupe"]);
  });

  it("counts its rows up to LIST_EXACT_TOTAL past the page: '*' past that, exact when filtered", async () => {
    await testApp.db.execute(sql`insert into gauges (id, name, account_id, kind, calibrated, readings)
      select 'many-' || g, 'Many ' || g, ${admin.user.accountId}, 'caliper', false, g
      from generate_series(1, ${LIST_EXACT_TOTAL + 1}) g`);
    const first = await superAdmin.getList("gauges", byName("ASC"));
    expect(first.total).toBeUndefined();
    expect(first.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    const loupes = await superAdmin.getList("gauges", { ...byName("ASC"), filter: { kind: "loupe" } });
    expect(loupes.total).toBe(loupes.data.length);
    await testApp.db.execute(sql`delete from gauges where id like 'many-%'`);
  });

  it("keeps in its table what its contract declares: required fields, declared values, its reference", async () => {
    const insert = (values: Record<string, unknown>) =>
      testApp.db.insert(gauges).values({
        id: `bad-${Object.keys(values).join()}`,
        name: "Bad",
        accountId: admin.user.accountId,
        kind: "loupe",
        calibrated: false,
        readings: 0,
        ...values,
      });
    await expect(insert({ kind: "ruler" })).rejects.toThrow();
    await expect(insert({ accountId: "no-such-account" })).rejects.toThrow();
    await expect(insert({ name: null })).rejects.toThrow();
    // A nullable field may be empty; the version starts at 1.
    await insert({ calibratedAt: null });
    expect(await rowsOf(testApp.db, sql`select version from gauges where id = 'bad-calibratedAt'`)).toEqual([
      { version: 1 },
    ]);
    await testApp.db.execute(sql`delete from gauges where id = 'bad-calibratedAt'`);
  });

  it("says which reference no table holds, as its table is made", () => {
    expect(() =>
      schema.contractTable({ ...gaugesContract, name: "dials", references: { accountId: "planets" } }),
    ).toThrow("dials: accountId points at planets, which no table here holds");
  });

  it("says which field it cannot read off the table, at start-up", () => {
    const contract = { ...gaugesContract, fields: { ...gaugesContract.fields, ownerName: gaugesContract.fields.name } };
    expect(() => implementFromTable(contract, gauges)).toThrow(
      "gauges: ownerName is no column of gauges and names no referenced record",
    );
  });

  it("is documented whole: each of its routes with an operationId, its create answering 201 with Location", async () => {
    const document = (
      await testApp.app.inject({ method: "GET", url: "/api/docs/openapi.json" })
    ).json<OpenAPIV3.Document>();
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/gauges"))
      .flatMap(([path, item]) =>
        (["get", "post", "put", "delete"] as const).flatMap((method) =>
          item?.[method] ? [`${method.toUpperCase()} ${path} ${item[method].operationId ?? "(none)"}`] : [],
        ),
      );
    expect(operations.sort()).toEqual([
      "DELETE /api/gauges/{id} deleteGaugesById",
      "GET /api/gauges getGauges",
      "GET /api/gauges/export.csv getGaugesExportCsv",
      "GET /api/gauges/{id} getGaugesById",
      "POST /api/gauges postGauges",
      "PUT /api/gauges/{id} putGaugesById",
    ]);
    const created = document.paths["/api/gauges"]!.post!.responses["201"] as OpenAPIV3.ResponseObject;
    expect(Object.keys(created.headers ?? {})).toContain("Location");
  });
});
