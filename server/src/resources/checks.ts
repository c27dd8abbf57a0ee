/**
 * The meaning checks (422 naming the field) several resources make about the records a write
 * points at: the account exists, the user or business belongs to it, a unique value is free; and
 * the refusal to delete a record that test records name.
 */
import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { fieldError, HttpError } from "../http/errors";
import { rowsOf, type Executor } from "./sql";

export async function checkAccountExists(db: Executor, accountId: string) {
  const [row] = await rowsOf(db, sql`select 1 from accounts where id = ${accountId}`);
  if (!row) throw fieldError(422, "accountId", "No such account.");
}

/** 422 `field` unless `userId` is a live user of the account (null and undefined name nobody). */
export async function checkUserOfAccount(
  db: Executor,
  field: string,
  accountId: string,
  userId: string | null | undefined,
  message = "Choose a user of this account.",
) {
  if (userId === null || userId === undefined) return;
  const [row] = await rowsOf(
    db,
    sql`select 1 from users where id = ${userId} and account_id = ${accountId} and deleted_at is null`,
  );
  if (!row) throw fieldError(422, field, message);
}

/** 422 `businessId` unless the business belongs to the account. */
export async function checkBusinessOfAccount(db: Executor, accountId: string, businessId: string | null | undefined) {
  if (businessId === null || businessId === undefined) return;
  const [row] = await rowsOf(db, sql`select 1 from businesses where id = ${businessId} and account_id = ${accountId}`);
  if (!row) throw fieldError(422, "businessId", "Choose a business of this account.");
}

/**
 * 422 `field` when another row (not `exceptId`) already has the value: `taken` is the SQL
 * condition that finds one, e.g. sql`lower(email) = lower(${email})`.
 */
export async function checkFree(
  db: Executor,
  table: "accounts" | "users" | "devices" | "discounts",
  taken: SQL,
  exceptId: string | null,
  field: string,
  message: string,
) {
  const [row] = await rowsOf(db, sql`select 1 from ${sql.raw(table)} where ${taken} and id <> ${exceptId ?? ""}`);
  if (row) throw fieldError(422, field, message);
}

/** 422 with `message` when a test record names the record (spec §3: tests keep their device and location). */
export async function checkNoTests(db: Executor, column: PgColumn, id: string, message: string) {
  const [row] = await rowsOf(db, sql`select 1 from tests where ${column} = ${id} limit 1`);
  if (row) throw new HttpError(422, message);
}
