/**
 * The CSV export of every resource: RFC 4180 quoting, formula-injection protection, and a
 * stream fed page by page from the database, so memory stays flat however many rows match.
 */
import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { toMajorText } from "../../../src/api/money";
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

/** A resource's amounts in minor units, each with the column naming its currency (its contract's `money`). */
export type MoneyColumns = Readonly<Record<string, string | undefined>>;

/**
 * A row's cell: an amount as people read it in a spreadsheet ("149.00" beside its currency), not
 * the wire's minor units, which read as a hundred times the money; anything else as it is.
 */
function cellOf(row: Row, column: string, money: MoneyColumns): unknown {
  const value = row[column];
  const currencyColumn = money[column];
  const currency = currencyColumn === undefined ? undefined : row[currencyColumn];
  return typeof value === "number" && typeof currency === "string" ? toMajorText(value, currency) : value;
}

/**
 * Every export starts with UTF-8's byte-order mark: without it Excel (Windows) reads the file in
 * the machine's own code page, so "Müller" opens as "MÃ¼ller". Other spreadsheets ignore it.
 */
export const UTF8_BOM = "\ufeff";

/** `{resource}-{yyyy-MM-dd}.csv` (UTC). */
export const exportFileName = (resource: string, now = new Date()) =>
  `${resource}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * The last line of an export that failed after its header was sent: the status (200) can no
 * longer change, so the file itself says it is incomplete instead of simply stopping short (a
 * spreadsheet would open a silently truncated file as if it were whole).
 */
export const EXPORT_FAILED_LINE =
  "# Export failed: the service could not read the remaining rows. The file is incomplete.\r\n";

/**
 * Sends `pages` as CSV. The first page is read BEFORE the status and the header go out, so a
 * filter or sort the database refuses is an error answer (400/500 JSON) and never a 200 that is
 * then cut. After that, Readable.from pulls the next page only when the socket has taken the
 * previous one (backpressure), so a slow client slows the queries instead of filling memory; a
 * page that fails then ends the file with EXPORT_FAILED_LINE.
 */
export async function sendCsv(
  reply: FastifyReply,
  resource: string,
  columns: string[],
  pages: AsyncIterable<Row[]>,
  money: MoneyColumns = {},
): Promise<FastifyReply> {
  const source = pages[Symbol.asyncIterator]();
  const first = await source.next();
  const rowsText = (rows: Row[]) =>
    rows.map((row) => csvLine(columns.map((column) => cellOf(row, column, money)))).join("");
  async function* lines(): AsyncGenerator<string> {
    try {
      yield UTF8_BOM + csvLine(columns);
      for (let page = first; !page.done; page = await source.next()) yield rowsText(page.value);
    } catch (error) {
      reply.log.error({ err: error, resource }, "CSV export failed after its header was sent");
      yield EXPORT_FAILED_LINE;
    } finally {
      // The client went away (or the export ended): stop reading pages.
      await source.return?.();
    }
  }
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${exportFileName(resource)}"`)
    .send(Readable.from(lines()));
}
