/**
 * What every resource write shares: the optimistic-concurrency check (409 and nothing changed),
 * the versioned UPDATE, and the activity log entry each create, update, delete and action writes.
 */
import { randomUUID } from "node:crypto";
import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { activityLog } from "../db/schema";
import { HttpError, notFound } from "../http/errors";
import type { Caller, ResourceDefinition } from "./definition";
import { findRecord } from "./list";
import { raw, type Executor, type Row, type Tx } from "./sql";

export const notFoundOf = (def: ResourceDefinition) => notFound(`${capitalize(def.label)} not found.`);
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function conflict(def: ResourceDefinition, current: Row | undefined): HttpError {
  return new HttpError(409, `This ${def.label} was changed by someone else.`, current ? { current } : undefined);
}

/** The record in the caller's scope (else 404) at the version the write was based on (else 409). */
export async function recordAtVersion(
  db: Executor,
  def: ResourceDefinition,
  caller: Caller,
  id: string,
  version: number,
): Promise<Row> {
  const current = await findRecord(db, def, caller, id);
  if (!current) throw notFoundOf(def);
  if (current.version !== version) throw conflict(def, current);
  return current;
}

/**
 * UPDATE … SET values, version = version + 1 WHERE id AND version: a write racing another one
 * finds no row at its version and answers 409 instead of overwriting. Values are the table's
 * property names, encoded by their columns (dates, jsonb) as drizzle's builder would.
 */
export async function updateVersioned(
  tx: Executor,
  def: ResourceDefinition,
  table: PgTable,
  id: string,
  version: number,
  values: Record<string, unknown>,
): Promise<void> {
  const columns = getTableColumns(table);
  // An undefined value means "leave as it is" (a field the body did not carry).
  const given = Object.entries(values).filter(([, value]) => value !== undefined);
  const sets: SQL[] = given.map(([key, value]) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return sql`${raw(`"${column.name}"`)} = ${sql.param(value, column)}`;
  });
  sets.push(sql`version = version + 1`);
  const result = await tx.execute(
    sql`update ${table} set ${sql.join(sets, sql`, `)} where id = ${id} and version = ${version} returning id`,
  );
  if ((result as unknown as { rows: unknown[] }).rows.length !== 1) throw conflict(def, undefined);
}

/** Fields whose value differs: { field: [before, after] }. */
export function changesBetween(before: Row, after: Row): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === "version") continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = [before[key], after[key]];
  }
  return changes;
}

/**
 * One activity entry. `changes` is the diff for updates and actions, the whole record for creates
 * and deletes. Written in the write's own transaction, so there is never a change without its
 * entry nor an entry without its change.
 */
export async function logActivity(
  tx: Tx,
  entry: {
    actorId: string | null;
    action: string;
    resource: string;
    recordId: string;
    changes: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(activityLog).values({ id: randomUUID(), ...entry });
}

/**
 * After an INSERT, in its transaction: the new record as the caller sees it, and its "create"
 * activity entry. Answers the record.
 */
export async function recordCreated(tx: Tx, def: ResourceDefinition, caller: Caller, id: string): Promise<Row> {
  const created = (await findRecord(tx, def, caller, id)) as Row;
  await logActivity(tx, { actorId: caller.id, action: "create", resource: def.name, recordId: id, changes: created });
  return created;
}

/**
 * The usual update: check the version, write, read the new record and log the difference, all in
 * one transaction. Answers the updated record.
 */
export async function versionedChange(
  db: { transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> },
  def: ResourceDefinition,
  table: PgTable,
  caller: Caller,
  id: string,
  version: number,
  action: string,
  values: (current: Row, tx: Tx) => Promise<Record<string, unknown>> | Record<string, unknown>,
): Promise<Row> {
  return db.transaction(async (tx) => {
    const before = await recordAtVersion(tx, def, caller, id, version);
    await updateVersioned(tx, def, table, id, version, await values(before, tx));
    const after = (await findRecord(tx, def, { ...caller, role: "SuperAdmin" }, id))!;
    await logActivity(tx, {
      actorId: caller.id,
      action,
      resource: def.name,
      recordId: id,
      changes: changesBetween(before, after),
    });
    return after;
  });
}
