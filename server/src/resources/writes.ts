/**
 * What every resource write shares: the optimistic-concurrency check (409 and nothing changed),
 * the versioned UPDATE, and the activity log entry each create, update, delete and action writes.
 */
import { randomUUID } from "node:crypto";
import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { activityLog } from "../db/schema";
import { HttpError, notFound } from "../http/errors";
import type { Caller, Fields, RecordOf, ResourceDefinition } from "./definition";
import { findRecord } from "./list";
import { raw, type Executor, type Row, type Tx } from "./sql";

export const notFoundOf = (def: ResourceDefinition) => notFound(`${capitalize(def.label)} not found.`);
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function conflict(def: ResourceDefinition, current: Row | undefined): HttpError {
  return new HttpError(409, `This ${def.label} was changed by someone else.`, current ? { current } : undefined);
}

/** The record in the caller's scope (else 404) at the version the write was based on (else 409). */
export async function recordAtVersion<F extends Fields>(
  db: Executor,
  def: ResourceDefinition<F>,
  caller: Caller,
  id: string,
  version: number,
): Promise<RecordOf<F>> {
  const current = await findRecord(db, def, caller, id);
  if (!current) throw notFoundOf(def);
  if (current.version !== version) throw conflict(def, current as Row);
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
    /** The actor's client (Caller.client); null for the service's own changes. */
    client?: string | null;
  },
): Promise<void> {
  await tx.insert(activityLog).values({ id: randomUUID(), ...entry });
}

/** Who made a change and from which client, as an activity entry records them. */
export const actorOf = (caller: Caller): { actorId: string; client: string | null } => ({
  actorId: caller.id,
  client: caller.client ?? null,
});

/** An entry about the caller's own user record: their preferences, password, avatar, saved queries or bookmarks. */
export const logOwnActivity = (tx: Tx, caller: Caller, action: string, changes: Record<string, unknown>) =>
  logActivity(tx, { ...actorOf(caller), action, resource: "users", recordId: caller.id, changes });

/**
 * After an INSERT, in its transaction: the new record as the caller sees it, and its activity
 * entry ("create", or "invite" for an invited user). Answers the record.
 */
export async function recordCreated<F extends Fields>(
  tx: Tx,
  def: ResourceDefinition<F>,
  caller: Caller,
  id: string,
  action = "create",
): Promise<RecordOf<F>> {
  const created = (await findRecord(tx, def, caller, id))!;
  await logActivity(tx, { ...actorOf(caller), action, resource: def.name, recordId: id, changes: created });
  return created;
}

/** Anything that runs a transaction: the database. */
interface Transactional {
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

export interface VersionedChange<F extends Fields> {
  db: Transactional;
  def: ResourceDefinition<F>;
  table: PgTable;
  caller: Caller;
  id: string;
  /** The version the write is based on (409 when the stored one differs). */
  version: number;
  /** The activity entry's action: "update", "disable", "refund"… */
  action: string;
  /** The columns to set, from the current record; may refuse (throw) after reading it. */
  values: (current: RecordOf<F>, tx: Tx) => Promise<Record<string, unknown>> | Record<string, unknown>;
}

/**
 * The usual update: check the version, write, read the new record and log the difference, all in
 * one transaction. Answers the updated record.
 */
export async function versionedChange<F extends Fields>(change: VersionedChange<F>): Promise<RecordOf<F>> {
  const { db, def, table, caller, id, version, action } = change;
  return db.transaction(async (tx) => {
    const before = await recordAtVersion(tx, def, caller, id, version);
    await updateVersioned(tx, def, table, id, version, await change.values(before, tx));
    const after = (await findRecord(tx, def, { ...caller, role: "SuperAdmin" }, id))!;
    await logActivity(tx, {
      ...actorOf(caller),
      action,
      resource: def.name,
      recordId: id,
      changes: changesBetween(before as Row, after as Row),
    });
    return after;
  });
}

/**
 * The usual delete: in one transaction, the record in the caller's scope (else 404), `remove`
 * (its refusals, then the deletion itself), and the activity entry holding the whole record.
 * `remove` may answer what to do once committed (deleting a stored file: a failed transaction
 * must not have lost it). Answers the deleted record (ra-data-simple-rest reads it).
 */
export async function deleteRecord<F extends Fields>(options: {
  db: Transactional;
  def: ResourceDefinition<F>;
  caller: Caller;
  id: string;
  remove: (tx: Tx, current: RecordOf<F>) => Promise<void | (() => Promise<void>)>;
}): Promise<RecordOf<F>> {
  const { db, def, caller, id } = options;
  const { record, afterCommit } = await db.transaction(async (tx) => {
    const current = await findRecord(tx, def, caller, id);
    if (!current) throw notFoundOf(def);
    const then = await options.remove(tx, current);
    await logActivity(tx, { ...actorOf(caller), action: "delete", resource: def.name, recordId: id, changes: current });
    return { record: current, afterCommit: then };
  });
  if (afterCommit) await afterCommit();
  return record;
}
