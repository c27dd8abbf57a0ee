/**
 * The reference beside which the service's figures are read: a bare Fastify process with no
 * guard, no query parser and no response schema. Prints its address.
 *   GET /list    one JSON list of 25 rows from memory (no database);
 *   GET /pglite  25 rows of a 1,000-row table read from an embedded PGlite on each request
 *                (issue 13: "a plain Fastify + PGlite list of 25 rows"), the anchor of bench/lists.ts.
 */
import { PGlite } from "@electric-sql/pglite";
import Fastify from "fastify";

const rows = Array.from({ length: 25 }, (_, i) => ({
  id: `row-${i}`,
  name: `Row ${i}`,
  createdAt: new Date(0).toISOString(),
}));

const pglite = await PGlite.create();
await pglite.exec(`create table items (id text primary key, name text not null, created_at timestamptz not null);
  insert into items select 'row-' || g, 'Row ' || g, now() - g * interval '1 minute' from generate_series(1, 1000) g;`);

const app = Fastify({ logger: false });
app.get("/list", async () => rows);
app.get(
  "/pglite",
  async () =>
    (await pglite.query('select id, name, created_at as "createdAt" from items order by created_at desc limit 25'))
      .rows,
);
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
console.log(`PLAIN http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
