/**
 * What a list's `q` matches (docs/api-resources.md "Lists"): its searched fields side by side,
 * lower-cased, anywhere, the wildcards taken literally; the records search (search/routes.ts)
 * matches the same way. One text matched once is what a trigram index can serve (migration 0016
 * holds each searched table's text, spelled as sideBySide spells it); a field per ILIKE, ORed,
 * read every row of a 100,000-account list for each search.
 *
 * A referenced record's name (an account's owner) is in another table, which no index of the
 * listed one holds: `through` finds the referenced rows first, on that table's own index, and
 * matches the listed rows by their reference (an index of it), up to THROUGH_IDS of them. More,
 * and the name is matched on the joined row instead: they are then many, and the list finds its
 * page's rows among the first it reads.
 */
import { Column, is, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { containsPattern, originalTableName, raw, rowsOf, sqlOf, type Executor, type SqlExpr } from "./sql";

/** A referenced record's fields that `q` searches, found through the listed row's reference to it. */
export interface Through {
  /** The listed row's reference (`a.owner_id`). */
  key: AnyColumn;
  /** The referenced record's fields, as its alias in the FROM clause reads them (`o.first_name`). */
  fields: AnyColumn[];
}

export const through = (key: AnyColumn, fields: AnyColumn[]): Through => ({ key, fields });

/** What a definition declares `q` searches: fields or expressions of its FROM clause, or a reference's fields. */
export type Searched = SqlExpr | Through;

/**
 * Where the searched text is no index's (a user's shown email: a parked invitation's, in another
 * table): a condition an index serves that every match meets, ANDed before the text is matched.
 */
export type SearchCandidates = (pattern: string) => SQL;

/** A list's search made SQL text (definition.ts). */
export interface SearchSpec {
  /** The searched fields side by side, or undefined when only references' fields are searched. */
  text?: string;
  candidates?: SearchCandidates;
  through: {
    key: string;
    /** The referenced table's ids whose text matches the pattern, THROUGH_IDS + 1 at most. */
    ids: (pattern: string) => SQL;
    /** The referenced text on the joined row. */
    joined: string;
  }[];
}

/** Up to this many referenced records are matched by id; past it, on the joined row. */
export const THROUGH_IDS = 100;

/**
 * Fields side by side, lower-cased: the text concat_ws(' ', …) gives, written with || so that it
 * is IMMUTABLE (concat_ws is only STABLE) and an index may hold it. `fields` are NOT NULL; a
 * nullable one is added as coalesce(' ' || field, ''), left out when null as concat_ws leaves it.
 */
function sideBySide(fields: string[], nullable: string[] = []): string {
  const parts = [
    ...fields.map((field, i) => (i === 0 ? field : `' ' || ${field}`)),
    ...nullable.map((field, i) =>
      i === 0 && fields.length === 0 ? `coalesce(${field}, '')` : `coalesce(' ' || ${field}, '')`,
    ),
  ];
  return `lower(${parts.join(" || ")})`;
}

const isThrough = (searched: Searched): searched is Through => typeof searched === "object" && !is(searched, Column);

/**
 * The searched text of these fields: side by side, the NOT NULL columns first (as migration 0016's
 * indexes spell them), an expression or a nullable column after. `sqlOfExpr` writes each one.
 */
export function searchedText(exprs: SqlExpr[], sqlOfExpr: (expr: SqlExpr) => string = sqlOf): string {
  const notNull = exprs.filter((expr) => is(expr, Column) && expr.notNull);
  return sideBySide(notNull.map(sqlOfExpr), exprs.filter((expr) => !notNull.includes(expr)).map(sqlOfExpr));
}

/** The SQL of a declared search; `sqlOfExpr` writes (and notes) each column as its alias reads it. */
export function searchSpecOf(
  searched: Searched[],
  sqlOfExpr: (expr: SqlExpr) => string,
  candidates?: SearchCandidates,
): SearchSpec {
  const own = searched.filter((entry): entry is SqlExpr => !isThrough(entry));
  return {
    ...(own.length > 0 ? { text: searchedText(own, sqlOfExpr) } : {}),
    ...(candidates ? { candidates } : {}),
    through: searched.filter(isThrough).map(({ key, fields }) => {
      const table = originalTableName(fields[0]!);
      const base = (column: AnyColumn) => `${table}.${column.name}`;
      const text = raw(searchedText(fields, (column) => base(column as AnyColumn)));
      return {
        key: sqlOfExpr(key),
        ids: (pattern: string) =>
          sql`select ${raw(table)}.id from ${raw(table)} where ${text} like lower(${pattern}) limit ${raw(String(THROUGH_IDS + 1))}`,
        joined: searchedText(fields, sqlOfExpr),
      };
    }),
  };
}

/** Each reference's matching ids, or undefined where there are more than THROUGH_IDS. */
export type FoundThrough = (string[] | undefined)[];

export async function findThrough(db: Executor, spec: SearchSpec, q: string): Promise<FoundThrough> {
  const pattern = containsPattern(q.trim());
  return Promise.all(
    spec.through.map(async ({ ids }) => {
      const rows = await rowsOf(db, ids(pattern));
      return rows.length > THROUGH_IDS ? undefined : rows.map((row) => String(row.id));
    }),
  );
}

/** The condition `q` puts on a list: its text, or a reference's, matches. Without `found`, references match on the joined row. */
export function searchCondition(spec: SearchSpec, q: string, found?: FoundThrough): SQL {
  const pattern = containsPattern(q.trim());
  const arms: SQL[] = [];
  if (spec.text) {
    const text = sql`${raw(spec.text)} like lower(${pattern})`;
    arms.push(spec.candidates ? sql`(${spec.candidates(pattern)}) and ${text}` : text);
  }
  spec.through.forEach(({ key, joined }, i) => {
    const ids = found?.[i];
    if (!ids) arms.push(sql`${raw(joined)} like lower(${pattern})`);
    else if (ids.length > 0) arms.push(sql`${raw(key)} = any(${sql.param(ids)})`);
  });
  return arms.length === 0 ? sql`false` : sql`(${sql.join(arms, sql` or `)})`;
}
