/**
 * GET search (docs/api.md "Records search"): the command palette's records, a few of each kind,
 * found across accounts, businesses, users, devices and tests in one statement.
 *
 * Scoped as the lists are, by their own code: a kind is searched only for the roles its list
 * answers (LIST_ACCESS: each list route's own; tests/server/search.test.ts holds them equal), and
 * its rows are those of the list's own WHERE for the caller (parseList: the resource's condition
 * and the caller's account; the gallery's galleryConditions for tests). What
 * is matched: the list's own search fields anywhere in any case, the wildcards taken literally (as
 * the lists' `q`; side by side, so a person's full name matches too), and a record's id exactly (a
 * test id pasted from a link).
 *
 * Bounded: q is 1 to 100 characters; each kind answers at most SEARCH_PER_KIND rows (titles
 * starting with q first, then by title), and the five kinds are one UNION ALL statement. Tests and
 * users, whose matches may be nearly all the rows (every test's "lot"), are read in that order on an
 * index of it (inTwoParts, migration 0017) instead of sorting every match.
 *
 * Indexed: each kind's matched text is the very expression of its trigram index (migration 0016),
 * so a q of 3 characters or more reads the index instead of every row in the caller's scope. The
 * statement starts with "(", so it is no prepared read (db/preparedReads.ts): it is planned for
 * each q, and a 1 or 2 character q, which has no trigram, scans as before instead of reading the
 * whole index.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { sql, type SQL } from "drizzle-orm";
import { SEARCH_KINDS, SEARCH_PER_KIND, type SearchAnswer, type SearchKind } from "../../../src/api/search";
import { searchAnswerSchema, searchQuerySchema } from "../../../src/api/schemas/search";
import { accountDefinition } from "../accounts/routes";
import { callerOf, type Access } from "../auth/guard";
import { businessDefinition } from "../businesses/routes";
import { accounts, tests } from "../db/schema";
import { deviceDefinition } from "../devices/routes";
import { GUARD_REFUSALS, refusals, routeOptions } from "../docs/openapi";
import type { Caller, ResourceDefinition } from "../resources/definition";
import { parseList } from "../resources/list";
import { containsPattern, raw, rowsOf } from "../resources/sql";
import type { Services } from "../services";
import { galleryConditions, galleryText } from "../testRecords/gallery";
import { userDefinition } from "../users/resource";

/**
 * Who each kind's list answers (its route's `list` access: a resource's from its contract, the
 * gallery's for tests): a role its list refuses finds none of it.
 */
export const LIST_ACCESS: Record<SearchKind, Access> = {
  accounts: accountDefinition.access.list,
  businesses: businessDefinition.access.list,
  users: userDefinition.access.list,
  devices: deviceDefinition.access.list,
  tests: "signedIn",
};

const mayList = (access: Access, caller: Caller) =>
  access === "signedIn" || (access !== "public" && access.includes(caller.role));

/** Each kind's LIMIT, written into the statement. */
const PER_KIND = raw(String(SEARCH_PER_KIND));

/** What a kind's part of the statement needs: the typed text, as patterns, and the caller. */
interface Match {
  q: string;
  anywhere: string;
  prefix: string;
  caller: Caller;
}

/** ", account name" for super admins only: everyone else's records are all of their own account. */
const theirAccount = (caller: Caller, accountName: string) => (caller.role === "SuperAdmin" ? accountName : "null");

/** One kind's rows: its id, title and detail, matched and ordered, at most SEARCH_PER_KIND. */
function kindRows(
  kind: SearchKind,
  {
    from,
    id,
    scope,
    title,
    detail,
    searched,
    candidates,
    inOrder = false,
    match,
  }: {
    from: SQL;
    id: SQL;
    scope: SQL | undefined;
    title: SQL;
    detail: SQL;
    /** The searched fields' text (searchedText), one indexed expression. */
    searched: SQL;
    /** Where searched is no indexed expression: an indexed condition every match meets (users). */
    candidates?: SQL;
    /** A B-tree index holds (lower(title), id) (migration 0017): read in two ordered parts (inTwoParts). */
    inOrder?: boolean;
    match: Match;
  },
): SQL {
  // One lower-cased text of the searched fields, matched once (not one ILIKE per field: ILIKE folds
  // both sides on every call, and PGlite's scans of the large seed took three times as long).
  const found = sql`${searched} like lower(${match.anywhere}) or ${id} = ${match.q}`;
  const narrowed = candidates ? sql`(${candidates} or ${id} = ${match.q}) and ` : sql``;
  const rows = (part: SQL = sql``) =>
    sql`select ${kind}::text as "kind", ${id} as "id", ${title} as "title", coalesce(${detail}, '') as "detail"${part}
    from ${from} where ${scope ?? sql`true`} and ${narrowed}(${found})`;
  if (inOrder) {
    return inTwoParts(
      kind,
      match,
      title,
      (rank, condition) =>
        sql`${rows(sql`, ${rank} as "part"`)} and ${condition} order by lower(${title}), ${id} limit ${PER_KIND}`,
      sql`"found"."kind", "found"."id", "found"."title", "found"."detail"`,
    );
  }
  return sql`(${rows()}
    order by (${title}) ilike ${match.prefix} desc, lower(${title}), ${id}
    limit ${PER_KIND})`;
}

/**
 * A kind's rows in its order (titles starting with q first, then by lower(title), then id) without
 * sorting every match, for a kind whose B-tree index holds (lower(title), id) (migration 0017). A q
 * nearly every row holds ("lot" in every test's name) matched all of them through the trigram index,
 * and all were joined and sorted for 5 rows (~560 ms for 100,000 tests).
 *
 * Two parts, each ordered by lower(title), id and limited: first the titles starting with q, where
 * `lower(title) like 'q%'` (the same test as `title ilike 'q%'`, which lower-cases both sides) is a
 * range of the index, walked in order; then, only while those are fewer than SEARCH_PER_KIND (a
 * one-time filter: the part is not even started otherwise), the other matches, which the planner
 * reads by walking the index while they are dense, or from the trigram index and sorts when they
 * are few. `select(rank, condition)` is one part's statement: its columns, `rank` as "part", its
 * condition on the title, ordered and limited; `columns` are those answered from the kept rows
 * ("found"), `join` a join they need (only 5 to 10 rows are joined).
 */
function inTwoParts(
  kind: SearchKind,
  match: Match,
  title: SQL,
  select: (rank: SQL, condition: SQL) => SQL,
  columns: SQL,
  join: SQL = sql``,
): SQL {
  const starting = raw(`"${kind}_starting"`);
  const starts = sql`lower(${title}) like lower(${match.prefix})`;
  const others = sql`not (${starts}) and (select count(*) from ${starting}) < ${PER_KIND}`;
  return sql`(with ${starting} as (${select(raw("0"), starts)})
    select ${columns} from (select * from ${starting} union all (${select(raw("1"), others)})) "found"${join}
    order by "found"."part", lower("found"."title"), "found"."id"
    limit ${PER_KIND})`;
}

/** A resource's rows, within its list's own WHERE for the caller (parseList: no filter, the scope alone). */
function resourceRows(
  kind: SearchKind,
  def: ResourceDefinition,
  match: Match,
  { title, detail, inOrder }: { title: string; detail: string; inOrder?: boolean },
): SQL {
  return kindRows(kind, {
    from: raw(def.from),
    id: raw(def.id),
    scope: parseList(def, match.caller, {}).where,
    title: raw(title),
    detail: raw(detail),
    // The list's own fields (a referenced record's, an owner's name, are the list's alone).
    searched: raw(def.search.text!),
    candidates: def.search.candidates?.(match.anywhere),
    inOrder,
    match,
  });
}

const field = (def: ResourceDefinition, name: string) => def.fields[name]!.sql;
/** Parts joined by " · ", the empty ones left out. */
const parts = (...exprs: string[]) => `concat_ws(' · ', ${exprs.map((expr) => `nullif(${expr}, '')`).join(", ")})`;

/**
 * The gallery's rows (galleryConditions for the caller), matched over its own `q` fields, in two
 * ordered parts (inTwoParts) on tests alone: only the rows answered are joined to their account, for
 * a super admin's detail. galleryConditions without a filter reads tests alone, and a test's device,
 * account and business are NOT NULL foreign keys, so the gallery's inner joins drop no test.
 */
function testRows(match: Match): SQL {
  const scope = galleryConditions(match.caller, {}) ?? sql`true`;
  const searched = raw(galleryText);
  const found = sql`(${searched} like lower(${match.anywhere}) or ${tests.id} = ${match.q})`;
  const accountName = match.caller.role === "SuperAdmin" ? sql`${accounts.name}` : sql`null`;
  return inTwoParts(
    "tests",
    match,
    sql`${tests.name}`,
    (rank, condition) =>
      sql`select ${tests.id} as "id", ${tests.name} as "title", ${tests.sku} as "sku", ${tests.customer} as "customer",
        ${tests.accountId} as "account_id", ${rank} as "part"
        from ${tests} where ${scope} and ${found} and ${condition}
        order by lower(${tests.name}), ${tests.id} limit ${PER_KIND}`,
    sql`${"tests"}::text as "kind", "found"."id", "found"."title",
      coalesce(concat_ws(' · ', nullif("found"."sku", ''), nullif("found"."customer", ''), ${accountName}), '') as "detail"`,
    sql` inner join ${accounts} on ${accounts.id} = "found"."account_id"`,
  );
}

const ROWS: Record<SearchKind, (match: Match) => SQL> = {
  accounts: (match) =>
    resourceRows("accounts", accountDefinition, match, {
      title: field(accountDefinition, "name"),
      detail: field(accountDefinition, "email"),
    }),
  businesses: (match) => {
    const def = businessDefinition;
    return resourceRows("businesses", def, match, {
      title: field(def, "name"),
      detail: parts(field(def, "city"), theirAccount(match.caller, field(def, "accountName"))),
    });
  },
  users: (match) => {
    const def = userDefinition;
    const names = [field(def, "firstName"), field(def, "lastName")];
    // "Uma Tran" as typed is found too: the first and last names are searched side by side. The
    // email searched is the one shown (a parked invitation's, not its placeholder), through the
    // list's candidates (users/resource.ts).
    return resourceRows("users", def, match, {
      title: `${names[0]} || ' ' || ${names[1]}`,
      detail: parts(field(def, "email"), theirAccount(match.caller, field(def, "accountName"))),
      // Every user holds "example.com" (33,000 on the large seed): read in order (migration 0017).
      inOrder: true,
    });
  },
  devices: (match) => {
    const def = deviceDefinition;
    return resourceRows("devices", def, match, {
      title: field(def, "serialNumber"),
      detail: parts(
        field(def, "customBoxName"),
        field(def, "businessName"),
        theirAccount(match.caller, field(def, "accountName")),
      ),
    });
  },
  tests: testRows,
};

/**
 * The kinds the caller may search and the one statement searching them for q (trimmed), or no
 * statement when there is no kind (tests/server/searchIndexes.test.ts reads its plan).
 */
export function searchStatement(caller: Caller, q: string): { kinds: SearchKind[]; statement?: SQL } {
  const escaped = containsPattern(q).slice(1, -1);
  const match: Match = { q, anywhere: `%${escaped}%`, prefix: `${escaped}%`, caller };
  const kinds = SEARCH_KINDS.filter((kind) => mayList(LIST_ACCESS[kind], caller));
  if (kinds.length === 0) return { kinds };
  return {
    kinds,
    statement: sql.join(
      kinds.map((kind) => ROWS[kind](match)),
      sql` union all `,
    ),
  };
}

/** The records the caller's lists show that match q, kind by kind (the answer's order). */
export async function searchRecords(db: Services["db"], caller: Caller, typed: string): Promise<SearchAnswer> {
  const { kinds, statement } = searchStatement(caller, typed.trim());
  if (!statement) return { results: [] };
  const rows = await rowsOf(db, statement);
  // UNION ALL keeps no order of its own: the kinds' order, each kind's rows as its part ordered them.
  const order = new Map(kinds.map((kind, index) => [kind, index]));
  const results = rows.map((row, index) => ({
    kind: row.kind as SearchKind,
    id: String(row.id),
    title: String(row.title),
    detail: String(row.detail),
    index,
  }));
  results.sort((a, b) => order.get(a.kind)! - order.get(b.kind)! || a.index - b.index);
  return { results: results.map(({ index: _index, ...result }) => result) };
}

export const searchRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db }) => {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    "/search",
    routeOptions("signedIn", "Search", "Find records across accounts, businesses, users, devices and tests", {
      description: `The command palette's records: at most ${SEARCH_PER_KIND} of each kind, only of kinds whose list the caller may open and only rows that list shows them (super admins every account's, everyone else their own account's). Matches the lists' own search fields anywhere in any case (names, emails, serial numbers, SKUs, customers…), a person's full name, or a record's id exactly.`,
      querystring: searchQuerySchema,
      response: { 200: searchAnswerSchema, ...refusals({ 400: true, ...GUARD_REFUSALS }) },
    }),
    async (request): Promise<SearchAnswer> => searchRecords(db, callerOf(request), request.query.q),
  );
};
