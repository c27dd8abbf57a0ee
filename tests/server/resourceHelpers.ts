/** Helpers of the resource suites (docs/api-resources.md): calls, state checksums, activity entries. */
import { and, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { activityLog } from "../../server/src/db/schema";
import { bearer, type TestApp } from "./helpers";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export function call(t: TestApp, token: string | undefined, method: Method, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: token === undefined ? {} : bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** `?sort=…&range=…&filter=…` with the JSON encoded as ra-data-simple-rest does. */
export function listUrl(
  resource: string,
  query: { sort?: [string, string]; range?: [number, number]; filter?: object } = {},
) {
  const params = new URLSearchParams();
  if (query.sort) params.set("sort", JSON.stringify(query.sort));
  if (query.range) params.set("range", JSON.stringify(query.range));
  if (query.filter) params.set("filter", JSON.stringify(query.filter));
  const text = params.toString();
  return `/api/${resource}${text ? `?${text}` : ""}`;
}

/** The number after the slash of Content-Range. */
export const totalOf = (response: LightMyRequestResponse) =>
  Number(String(response.headers["content-range"]).split("/")[1]);

const TABLES = [
  "accounts",
  "businesses",
  "users",
  "devices",
  "payments",
  "subscriptions",
  "firmware",
  "discounts",
  "saved_queries",
  "bookmarks",
  "invitations",
  "activity_log",
  "refresh_tokens",
];

/** Row count and checksum of every resource table: a refused request must leave it as it was. */
export async function resourceState(t: TestApp): Promise<unknown> {
  const parts = TABLES.map(
    (table) =>
      `(select count(*)::int || ':' || coalesce(md5(string_agg(x::text, ',' order by x::text)), '') from ${table} x) as ${table}`,
  );
  const result = await t.db.execute(sql.raw(`select ${parts.join(", ")}`));
  return (result as unknown as { rows: unknown[] }).rows[0];
}

/** Sends the request and checks it is refused with this status (and field, when given), changing nothing. */
export async function expectRefused(
  t: TestApp,
  send: () => Promise<LightMyRequestResponse>,
  status: number,
  field?: string,
): Promise<{ message: string; errors?: Record<string, string> }> {
  const before = await resourceState(t);
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ message: string; errors?: Record<string, string> }>();
  expect(body.message).toEqual(expect.any(String));
  if (field !== undefined) {
    expect(body.message.startsWith(`${field}`), body.message).toBe(true);
    if (status === 422) expect(Object.keys(body.errors ?? {})).toEqual([field]);
  }
  expect(await resourceState(t)).toEqual(before);
  return body;
}

export async function activityOf(t: TestApp, resource: string, recordId: string) {
  return t.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.resource, resource), eq(activityLog.recordId, recordId)))
    .orderBy(activityLog.createdAt);
}
