/**
 * A declared resource whose record is its table's row beside the names of the records it points
 * at: its implementation (definition.ts) read off the table that its contract makes, so that adding
 * one takes one line on the service (db/contractTable.ts). Each field is the table's column of the same
 * name; a field that is no column names a referenced record — `accountName` beside a reference
 * `accountId: "accounts"` is that account's representation (its contract's `name`).
 */
import { getTableColumns, getTableName } from "drizzle-orm";
import { alias, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { CONTRACTS } from "../../../src/api/contract";
import type { AnyResourceContract } from "../../../src/api/contract/declare";
import type { TableWithId } from "../db/contractTable";
import { REFERENCED_TABLES } from "../db/schema";
import { implementResource, type ResourceDefinition } from "./definition";
import { columnSql, type SqlExpr } from "./sql";

/**
 * The record a field that is no column names (`accountName` → the reference `accountId` and its
 * resource), read by the alias `r{n}`: the join that reads it and its representation's column.
 */
function referencedName(contract: AnyResourceContract, field: string, own: Record<string, PgColumn>, n: number) {
  const key = field.replace(/Name$/, "Id");
  const target = key !== field ? contract.references?.[key] : undefined;
  const table = target ? (REFERENCED_TABLES as Record<string, PgTable>)[target] : undefined;
  const representation = target ? CONTRACTS[target]?.representation : undefined;
  const column =
    table && representation && (getTableColumns(alias(table, `r${n}`)) as Record<string, PgColumn>)[representation];
  if (!table || !column || !own[key]) return undefined;
  const join = contract.fields[key]!.nullable ? "left join" : "join";
  return { join: `${join} ${getTableName(table)} r${n} on r${n}.id = ${columnSql(own[key])}`, column };
}

export function implementFromTable(contract: AnyResourceContract, table: TableWithId): ResourceDefinition {
  const name = getTableName(table);
  const t = alias(table, "t");
  const own = getTableColumns(t) as Record<string, PgColumn>;
  const from = [`${name} t`];
  // The table's own columns are read by implementResource; the referenced records' names here.
  const columns: Record<string, SqlExpr> = {};
  for (const field of Object.keys(contract.fields).filter((key) => !own[key])) {
    const referenced = referencedName(contract, field, own, from.length);
    if (!referenced) {
      throw new Error(
        `${contract.name}: ${field} is no column of ${name} and names no referenced record (write its SQL with implementResource)`,
      );
    }
    from.push(referenced.join);
    columns[field] = referenced.column;
  }
  const searched = own[contract.representation] ?? columns[contract.representation];
  // The declared sorts, filters and access are the contract's: implementResource holds the SQL to them.
  return implementResource(contract, {
    from: from.join(" "),
    table: t,
    columns,
    ...(own.accountId ? { accountExpr: own.accountId } : {}),
    search: contract.search && searched ? [searched] : [],
  });
}
