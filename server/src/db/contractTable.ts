/**
 * The table of a declared resource that has nothing of its own on the service, made from its
 * contract, so that adding one takes one line on the service (docs/ARCHITECTURE.md "Add a
 * resource"): `export const widgets = contractTable(widgetsContract);` in schema.ts, then
 * `npm run db:generate` for its migration. A table made so is registered: app.ts serves its routes
 * (resources/contractRoutes.ts) after the features'.
 *
 * Each field is a column of its name in snake case, of its kind's type, NOT NULL unless the field is
 * nullable; a `oneOf` field is checked to hold one of its values, a reference (`accountId:
 * "accounts"`) points at its record. A field naming a referenced record (`accountName` beside that
 * reference) is no column: it is read through the reference (resources/tableResource.ts).
 */
import {
  boolean,
  integer,
  pgTable,
  text,
  timestamp,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTable,
} from "drizzle-orm/pg-core";
import type { AnyResourceContract } from "../../../src/api/contract/declare";
import type { FieldDeclaration } from "../../../src/api/contract/fields";
import { oneOf } from "./oneOf";

/** A table with an id column: the record's. */
export type TableWithId = PgTable & { id: PgColumn };

/** The tables made from contracts, in the order they were made: app.ts registers their routes. */
export const CONTRACT_TABLES: { contract: AnyResourceContract; table: TableWithId }[] = [];

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Whether a field names the record a reference points at (`accountName` beside `accountId`). */
export function namesReferencedRecord(contract: AnyResourceContract, field: string): boolean {
  const key = field.replace(/Name$/, "Id");
  return key !== field && contract.references?.[key] !== undefined;
}

function column(key: string, declared: FieldDeclaration, target: (() => PgColumn) | undefined): PgColumnBuilderBase {
  const name = snakeCase(key);
  if (declared.kind === "version") return integer(name).notNull().default(1);
  if (declared.kind === "id" && key === "id") return text(name).primaryKey();
  const typed =
    declared.kind === "integer"
      ? integer(name)
      : declared.kind === "boolean"
        ? boolean(name)
        : declared.kind === "date"
          ? timestamp(name, { withTimezone: true })
          : text(name);
  const referring = target ? typed.references(target) : typed;
  return declared.nullable ? referring : referring.notNull();
}

/** Makes `contractTable` for schema.ts, with the tables a contract's references may name (by resource name). */
export function tablesFromContracts(referenced: Record<string, TableWithId>) {
  return function contractTable(contract: AnyResourceContract): TableWithId {
    const columns: Record<string, PgColumnBuilderBase> = {};
    for (const [key, declared] of Object.entries(contract.fields)) {
      if (namesReferencedRecord(contract, key)) continue;
      const target = contract.references?.[key];
      if (target !== undefined && !referenced[target]) {
        throw new Error(`${contract.name}: ${key} points at ${target}, which no table here holds`);
      }
      columns[key] = column(key, declared, target === undefined ? undefined : () => referenced[target]!.id);
    }
    const table = pgTable(contract.name, columns, (t) =>
      Object.entries(contract.fields).flatMap(([key, declared]) =>
        declared.kind === "oneOf" && t[key]
          ? [oneOf(`${contract.name}_${snakeCase(key)}_check`, t[key], declared.values!)]
          : [],
      ),
    ) as unknown as TableWithId;
    CONTRACT_TABLES.push({ contract, table });
    return table;
  };
}
