/**
 * Invoice numbers of the payments the service records itself: `INV-YYMMDD-NNN`, the shape of the
 * seeded ones (`INV-000001-001`), numbered per UTC day. Numbering takes a transaction advisory
 * lock, so two instances recording payments at once never pick the same number; the unique index
 * on invoice_number stays the last word.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../resources/sql";

const pad = (value: number, size: number) => String(value).padStart(size, "0");

export const invoiceDayPrefix = (at: Date) =>
  `INV-${pad(at.getUTCFullYear() % 100, 2)}${pad(at.getUTCMonth() + 1, 2)}${pad(at.getUTCDate(), 2)}-`;

/** The next free number of the day `at` falls on; the lock is held until the transaction ends. */
export async function nextInvoiceNumber(tx: Tx, at: Date): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('invoice-numbers', 0))`);
  const prefix = invoiceDayPrefix(at);
  // The day's numbers are the third part; the seeded INV-000001-001 of an account numbered like
  // a date would be counted too, which only makes the next number higher.
  const [row] = await rowsOf(
    tx,
    sql`select coalesce(max(split_part(invoice_number, '-', 3)::int), 0) as last from payments
      where invoice_number like ${`${prefix}%`} and split_part(invoice_number, '-', 3) ~ '^[0-9]{1,9}$'`,
  );
  return `${prefix}${pad(Number(row?.last ?? 0) + 1, 3)}`;
}
