/**
 * The CSV export of every resource: RFC 4180 quoting, formula-injection protection, and a
 * stream fed page by page from the database, so memory stays flat however many rows match.
 */
import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import type { Row } from "./sql";

/**
 * Spreadsheets run a cell starting with one of these as a formula (CSV injection). Tab and
 * carriage return are on OWASP's list too: some programs strip them and read what follows.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text cells that could run as a formula get a leading ', then RFC 4180 quoting. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  // Numbers and booleans are written as they are: -5 is a number, not a formula.
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  let text = typeof value === "string" ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** `{resource}-{yyyy-MM-dd}.csv` (UTC). */
export const exportFileName = (resource: string, now = new Date()) =>
  `${resource}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * Sends `pages` as CSV. Readable.from pulls the next page only when the socket has taken the
 * previous one (backpressure), so a slow client slows the queries instead of filling memory.
 */
export function sendCsv(
  reply: FastifyReply,
  resource: string,
  columns: string[],
  pages: AsyncIterable<Row[]>,
): FastifyReply {
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(columns);
    for await (const rows of pages) {
      yield rows.map((row) => csvLine(columns.map((column) => row[column]))).join("");
    }
  }
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${exportFileName(resource)}"`)
    .send(Readable.from(lines()));
}
