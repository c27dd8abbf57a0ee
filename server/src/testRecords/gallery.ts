/**
 * The gallery: GET tests, in ra-data-simple-rest's convention
 * (?sort=["date","DESC"]&range=[0,9]&filter={...}, total in Content-Range), and its facets.
 */
import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { contentRange } from "../../../src/api/rules";
import { FILE_KIND, type GalleryFilter, type GalleryItem } from "../../../src/api/tests";
import { callerOf } from "../auth/guard";
import { accounts, businesses, devices, testFiles, tests } from "../db/schema";
import { HttpError } from "../http/errors";
import type { Services } from "../services";
import { type Viewer } from "./queries";

/** The largest page one request may ask for. */
export const MAX_PAGE_SIZE = 100;
const SORTABLE = { date: tests.date, name: tests.name } as const;
const FILTER_KEYS = ["q", "deviceType", "accountId", "from", "to"] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface GalleryQuery {
  sort?: string;
  range?: string;
  filter?: string;
}

function parseJson(name: string, raw: string | undefined): unknown {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new HttpError(400, `${name} is not valid JSON`);
  }
}

export function parseSort(raw: string | undefined): { field: keyof typeof SORTABLE; order: "ASC" | "DESC" } {
  const value = parseJson("sort", raw);
  if (value === undefined) return { field: "date", order: "DESC" };
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !Object.keys(SORTABLE).includes(value[0] as string) ||
    !["ASC", "DESC"].includes(String(value[1]).toUpperCase())
  ) {
    throw new HttpError(400, 'sort must be ["date" or "name", "ASC" or "DESC"]');
  }
  return { field: value[0] as keyof typeof SORTABLE, order: String(value[1]).toUpperCase() as "ASC" | "DESC" };
}

export function parseRange(raw: string | undefined): { start: number; end: number } {
  const value = parseJson("range", raw);
  if (value === undefined) return { start: 0, end: 9 };
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !value.every((n) => Number.isInteger(n) && (n as number) >= 0) ||
    (value[1] as number) < (value[0] as number)
  ) {
    throw new HttpError(400, "range must be [start, end], whole numbers with 0 <= start <= end");
  }
  const [start, end] = value as [number, number];
  if (end - start + 1 > MAX_PAGE_SIZE) throw new HttpError(400, `range may span at most ${MAX_PAGE_SIZE} tests`);
  return { start, end };
}

/** yyyy-MM-dd naming a day that exists (Date.parse would roll 2024-02-30 over into March). */
const isRealDate = (value: string) => {
  if (!DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};

export function parseFilter(raw: string | undefined): GalleryFilter {
  const value = parseJson("filter", raw);
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new HttpError(400, "filter must be a JSON object");
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(FILTER_KEYS as readonly string[]).includes(key)) {
      throw new HttpError(400, `filter.${key} is not an allowed filter`);
    }
  }
  const filter: GalleryFilter = {};
  const { q, deviceType, accountId, from, to } = record;
  if (q !== undefined) {
    if (typeof q !== "string" || q.length > 200)
      throw new HttpError(400, "filter.q must be a string of at most 200 characters");
    if (q.trim() !== "") filter.q = q.trim();
  }
  if (deviceType !== undefined) {
    const code = typeof deviceType === "string" && /^-?\d+$/.test(deviceType) ? Number(deviceType) : deviceType;
    if (typeof code !== "number" || !Number.isInteger(code))
      throw new HttpError(400, "filter.deviceType must be a whole number");
    filter.deviceType = code;
  }
  if (accountId !== undefined) {
    if (typeof accountId !== "string" || accountId.length > 100)
      throw new HttpError(400, "filter.accountId must be an id");
    filter.accountId = accountId;
  }
  for (const [key, date] of [
    ["from", from],
    ["to", to],
  ] as const) {
    if (date === undefined) continue;
    if (typeof date !== "string" || !isRealDate(date))
      throw new HttpError(400, `filter.${key} must be a date (YYYY-MM-DD)`);
    filter[key] = date;
  }
  return filter;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

/** Which tests the caller sees with these filters: never deleted ones, never other accounts' unless a super admin. */
export function galleryConditions(viewer: Viewer, filter: GalleryFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(tests.deletedAt)];
  if (viewer.role !== "SuperAdmin") conditions.push(eq(tests.accountId, viewer.accountId));
  if (filter.accountId !== undefined) conditions.push(eq(tests.accountId, filter.accountId));
  if (filter.deviceType !== undefined) conditions.push(eq(devices.typeCode, filter.deviceType));
  if (filter.from !== undefined) conditions.push(gte(tests.date, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to !== undefined) conditions.push(lt(tests.date, nextDay(filter.to)));
  if (filter.q !== undefined) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(
      or(
        ilike(tests.name, pattern),
        ilike(tests.sku, pattern),
        ilike(tests.customer, pattern),
        ilike(tests.vendorName, pattern),
      ),
    );
  }
  return and(...conditions);
}

export function galleryRoutes(app: FastifyInstance, { db, fileLinks }: Services): void {
  app.get<{ Querystring: GalleryQuery }>(
    "/tests",
    {
      config: { access: "signedIn" },
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: {
            sort: { type: "string", maxLength: 200 },
            range: { type: "string", maxLength: 100 },
            filter: { type: "string", maxLength: 2000 },
          },
        },
      },
    },
    async (request, reply): Promise<GalleryItem[]> => {
      const sort = parseSort(request.query.sort);
      const { start, end } = parseRange(request.query.range);
      const filter = parseFilter(request.query.filter);
      const where = galleryConditions(callerOf(request), filter);

      const thumbnailId = sql<string | null>`(
        select ${testFiles.id} from ${testFiles}
        where ${testFiles.testId} = ${tests.id} and ${testFiles.kind} = ${FILE_KIND.Result}
        order by ${testFiles.group}, ${testFiles.createdAt}, ${testFiles.id} limit 1)`;
      const column = SORTABLE[sort.field];
      const [rows, totals] = await Promise.all([
        db
          .select({
            id: tests.id,
            name: tests.name,
            deviceName: devices.name,
            deviceType: devices.typeCode,
            accountId: accounts.id,
            accountName: accounts.name,
            businessName: businesses.name,
            date: tests.date,
            sku: tests.sku,
            customer: tests.customer,
            vendorName: tests.vendorName,
            isCopied: tests.isCopied,
            thumbnailId,
          })
          .from(tests)
          .innerJoin(devices, eq(devices.id, tests.deviceId))
          .innerJoin(accounts, eq(accounts.id, tests.accountId))
          .innerJoin(businesses, eq(businesses.id, tests.businessId))
          .where(where)
          .orderBy(
            sort.order === "ASC" ? asc(column) : desc(column),
            sort.order === "ASC" ? asc(tests.id) : desc(tests.id),
          )
          .offset(start)
          .limit(end - start + 1),
        db.select({ n: count() }).from(tests).innerJoin(devices, eq(devices.id, tests.deviceId)).where(where),
      ]);
      const total = totals[0]?.n ?? 0;
      reply
        .header("content-range", contentRange("tests", start, rows.length, total))
        .header("access-control-expose-headers", "Content-Range");
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        device: { name: row.deviceName, type: row.deviceType },
        account: { id: row.accountId, name: row.accountName },
        business: { name: row.businessName },
        date: row.date.toISOString(),
        sku: row.sku,
        customer: row.customer,
        vendorName: row.vendorName,
        isCopied: row.isCopied,
        thumbnail: row.thumbnailId === null ? null : fileLinks.link(row.thumbnailId),
      }));
    },
  );

  app.get("/tests/facets", { config: { access: "signedIn" } }, async (request) => {
    const caller = callerOf(request);
    const rows = await db
      .select({ id: accounts.id, name: accounts.name })
      .from(accounts)
      .where(caller.role === "SuperAdmin" ? undefined : eq(accounts.id, caller.accountId))
      .orderBy(asc(accounts.name));
    return { accounts: rows };
  });
}
