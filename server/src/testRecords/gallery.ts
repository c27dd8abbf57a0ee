/**
 * The gallery: GET tests, in ra-data-simple-rest's convention
 * (?sort=["date","DESC"]&range=[0,9]&filter={...}, total in Content-Range), and its facets.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, eq, gte, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import Type from "typebox";
import { contentRange, LIST_EXACT_TOTAL } from "../../../src/api/rules";
import { FILE_KIND, type GalleryFilter, type GalleryItem } from "../../../src/api/tests";
import { callerOf } from "../auth/guard";
import { guardRidesAlong, readWithGuard } from "../auth/guardAlong";
import { accounts, businesses, devices, testFiles, tests } from "../db/schema";
import { nullable } from "../../../src/api/schemas/common";
import { thumbnailsSchema } from "../../../src/api/schemas/tests";
import { errors, SIGNED_IN_ERRORS } from "../resources/schemas";
import { searchedText } from "../resources/search";
import { containsPattern, iso, raw, rememberedTotal, rowsOf, wholeNumber } from "../resources/sql";
import { checks, listQuerySchema, parseListQuery, type ListQuery, type ListQuerySpec } from "../resources/listQuery";
import type { Services } from "../services";
import { galleryCounting } from "./galleryTotal";
import { thumbnailsOf, type Viewer } from "./queries";
import { routeOptions } from "../docs/openapi";
import { listQueryDocs } from "../resources/listDocs";

/** The largest page one request may ask for. */
export const MAX_PAGE_SIZE = 100;
/** The gallery's sorts; `id` too, like every list (react-admin's default sort). */
const SORTABLE = { date: tests.date, name: tests.name, id: tests.id } as const;
const SORT_SHAPE = 'sort must be ["date", "name" or "id", "ASC" or "DESC"]';

/** The gallery's list query: the shared parser, in the gallery's own (older) wording. */
const gallerySpec: ListQuerySpec = {
  sorts: Object.keys(SORTABLE),
  defaultSort: ["date", "DESC"],
  defaultRange: [0, 9],
  maxRows: MAX_PAGE_SIZE,
  anyCaseOrder: true,
  filters: {
    q: (value, wrong) => {
      const q = checks.string(200, "a string of at most 200 characters")(value, wrong) as string;
      return q.trim() === "" ? undefined : q.trim();
    },
    deviceType: checks.integer,
    accountId: checks.string(100, "an id"),
    from: checks.dayOrInstant,
    to: checks.dayOrInstant,
  },
  messages: {
    invalidJson: (part) => `${part} is not valid JSON`,
    sortShape: SORT_SHAPE,
    unknownSort: () => SORT_SHAPE,
    badOrder: SORT_SHAPE,
    rangeShape: "range must be [start, end], whole numbers with 0 <= start <= end",
    rangeTooLong: (max) => `range may span at most ${max} tests`,
    unknownFilter: (key) => `filter.${key} is not an allowed filter`,
    filterKey: (key) => `filter.${key}`,
  },
};

/** What each of the gallery's filter keys takes, for the document. */
const GALLERY_FILTER_WORDS = {
  q: "text: searched in the test's name, SKU, customer and vendor",
  deviceType: "a device type code, a whole number",
  accountId: "an account's id",
  from: "a day, `YYYY-MM-DD`: tests from that UTC day on; or an instant (ISO 8601 with Z or an offset): tests from it on",
  to: "a day, `YYYY-MM-DD`: tests up to the end of that UTC day; or an instant (ISO 8601 with Z or an offset): tests up to it, included",
};

/** The gallery's sort, page and filters (400 naming what is wrong). */
export function parseGalleryQuery(query: ListQuery) {
  const { sortField, order, start, end, filter } = parseListQuery(gallerySpec, query);
  return { sort: { field: sortField as keyof typeof SORTABLE, order }, start, end, filter: filter as GalleryFilter };
}

const galleryItemSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  device: Type.Object({ name: Type.String(), type: Type.Integer() }),
  account: Type.Object({ id: Type.String(), name: Type.String() }),
  business: Type.Object({ name: Type.String() }),
  date: Type.String({ format: "date-time" }),
  sku: Type.String(),
  customer: Type.String(),
  vendorName: Type.String(),
  isCopied: Type.Boolean(),
  thumbnail: nullable("string"),
  thumbnails: Type.Optional(thumbnailsSchema),
});

/** A gallery row as the page's statement answers it. */
interface GalleryRow {
  id: string;
  name: string;
  deviceName: string;
  deviceType: number;
  accountId: string;
  accountName: string;
  businessName: string;
  date: string;
  sku: string;
  customer: string;
  vendorName: string;
  isCopied: boolean;
  thumbnailId: string | null;
  total: number;
  guard?: unknown;
}

/**
 * What the gallery's `q` matches: a test's name, SKU, customer and vendor side by side (as the
 * lists' search, resources/search.ts), the very text of the tests' trigram index (migration 0016).
 */
export const galleryText = searchedText([tests.name, tests.sku, tests.customer, tests.vendorName]);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * A `from` / `to` bound as the filter check answers it: a day (YYYY-MM-DD) is a whole UTC day, as
 * the gallery always took it; an instant (an ISO string) is the bound itself, `to` included. The
 * console sends instants: the start of the From day and the end of the To day in the reader's zone,
 * where its cards show the time (docs/decisions.md "The gallery's days are the reader's").
 */
const startOf = (bound: string) => new Date(DAY.test(bound) ? `${bound}T00:00:00Z` : bound);

/** Which tests the caller sees with these filters: never deleted ones, never other accounts' unless a super admin. */
export function galleryConditions(viewer: Viewer, filter: GalleryFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(tests.deletedAt)];
  if (viewer.role !== "SuperAdmin") conditions.push(eq(tests.accountId, viewer.accountId));
  if (filter.accountId !== undefined) conditions.push(eq(tests.accountId, filter.accountId));
  if (filter.deviceType !== undefined) conditions.push(eq(tests.deviceTypeCode, filter.deviceType));
  if (filter.from !== undefined) conditions.push(gte(tests.date, startOf(filter.from)));
  if (filter.to !== undefined) {
    const to = filter.to;
    conditions.push(
      DAY.test(to) ? lt(tests.date, new Date(startOf(to).getTime() + 86_400_000)) : lte(tests.date, new Date(to)),
    );
  }
  if (filter.q !== undefined) conditions.push(sql`${raw(galleryText)} like lower(${containsPattern(filter.q)})`);
  return and(...conditions);
}

export const galleryRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db, fileLinks }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    "/tests",
    guardRidesAlong(
      routeOptions(
        "signedIn",
        "Tests",
        `The gallery: tests the caller sees (ra-data-simple-rest: sort, range, filter; total in Content-Range, counted up to ${LIST_EXACT_TOTAL.toLocaleString("en")} past the page, else \`*\`)`,
        {
          description:
            "Tests not deleted, of the caller's account (a super admin: of every account), each with its first Result photo's thumbnails. A query the gallery does not take is refused with 400, its message naming the part.",
          querystring: listQuerySchema(2000, listQueryDocs(gallerySpec, GALLERY_FILTER_WORDS)),
          response: { 200: Type.Array(galleryItemSchema), ...errors(...SIGNED_IN_ERRORS) },
        },
      ),
    ),
    async (request, reply): Promise<GalleryItem[]> => {
      const { sort, start, end, filter } = parseGalleryQuery(request.query);
      // On PostgreSQL the guard's check is read in the page's own statement (auth/guardAlong.ts);
      // read again, for the caller the guard then finds, if it was not confirmed.
      const read = async (guardColumn: SQL | undefined) => {
        const viewer = callerOf(request);
        const where = galleryConditions(viewer, filter);
        // Up to LIST_EXACT_TOTAL past the page (a million tests are not counted for each page).
        const countUpTo = Math.max(LIST_EXACT_TOTAL + 1, end + 2);
        const counting = galleryCounting(viewer, filter, where, countUpTo);
        // The total rides in the page's statement, as in resources/list.ts (one statement per page
        // instead of two), unless the read cache knows it; a page past the end, with no row to carry
        // it, counts apart. Written as SQL, as the resources' lists are: the query builder's work
        // (building and mapping) was most of what a gallery page cost the service.
        const { known, remember } = rememberedTotal(db, counting);
        const column = SORTABLE[sort.field];
        const order = raw(sort.order === "ASC" ? "asc" : "desc");
        // A page deep in the gallery finds its ids first, then reads its cards: the tests skipped
        // are not read whole (each one's thumbnail, its device, account and business).
        const laterIds = sql`select ${tests.id} from ${tests} where ${where} order by ${column} ${order}, ${tests.id} ${order}
          limit ${wholeNumber(end - start + 1)} offset ${wholeNumber(start)}`;
        const rows = (await rowsOf(
          db,
          sql`select ${tests.id} as "id", ${tests.name} as "name", ${devices.name} as "deviceName",
            ${devices.typeCode} as "deviceType", ${accounts.id} as "accountId", ${accounts.name} as "accountName",
            ${businesses.name} as "businessName", ${raw(iso('"tests"."date"'))} as "date", ${tests.sku} as "sku",
            ${tests.customer} as "customer", ${tests.vendorName} as "vendorName", ${tests.isCopied} as "isCopied",
            (select ${testFiles.id} from ${testFiles}
              where ${testFiles.testId} = ${tests.id} and ${testFiles.kind} = ${raw(String(FILE_KIND.Result))}
              order by ${testFiles.group}, ${testFiles.createdAt}, ${testFiles.id} limit 1) as "thumbnailId",
            ${known === undefined ? sql`(${counting})` : sql`${wholeNumber(known)}`} as "total"
            ${guardColumn ? sql`, ${guardColumn} as "guard"` : sql``}
          from ${tests}
          inner join ${devices} on ${devices.id} = ${tests.deviceId}
          inner join ${accounts} on ${accounts.id} = ${tests.accountId}
          inner join ${businesses} on ${businesses.id} = ${tests.businessId}
          where ${where}${start === 0 ? sql`` : sql` and ${tests.id} in (${laterIds})`}
          order by ${column} ${order}, ${tests.id} ${order}
          limit ${wholeNumber(end - start + 1)}`,
        )) as unknown as GalleryRow[];
        const total =
          known ?? (rows.length > 0 ? Number(rows[0]!.total) : Number((await rowsOf(db, counting))[0]?.count ?? 0));
        remember(total);
        return {
          rows,
          total,
          atLeast: total >= countUpTo,
          ...(guardColumn && rows.length > 0 ? { guardSeen: rows[0]!.guard } : {}),
        };
      };
      const { rows, total, atLeast } = await readWithGuard(request, read);
      reply.header("content-range", contentRange("tests", start, rows.length, total, atLeast));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        device: { name: row.deviceName, type: row.deviceType },
        account: { id: row.accountId, name: row.accountName },
        business: { name: row.businessName },
        date: row.date,
        sku: row.sku,
        customer: row.customer,
        vendorName: row.vendorName,
        isCopied: row.isCopied,
        thumbnail: row.thumbnailId === null ? null : fileLinks.link(row.thumbnailId),
        // Result photos are the device's JPEG or PNG shots: their thumbnails are made on first request if need be.
        ...(row.thumbnailId === null ? {} : { thumbnails: thumbnailsOf(row.thumbnailId, fileLinks) }),
      }));
    },
  );

  api.get(
    "/tests/facets",
    routeOptions("signedIn", "Tests", "The gallery's facets: the accounts the caller may filter by", {
      description: "A super admin: every account, by name; anyone else: their own account.",
      response: {
        200: Type.Object({ accounts: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })) }),
        ...errors(401, 499),
      },
    }),
    async (request) => {
      const caller = callerOf(request);
      const rows = await db
        .select({ id: accounts.id, name: accounts.name })
        .from(accounts)
        .where(caller.role === "SuperAdmin" ? undefined : eq(accounts.id, caller.accountId))
        .orderBy(asc(accounts.name));
      return { accounts: rows };
    },
  );
};
