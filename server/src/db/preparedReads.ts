/**
 * The embedded database parses and plans each read once, not on every request.
 *
 * PGlite's query() sends every statement as a new unnamed one: parsed, described and planned
 * anew, in six calls into the database, on the service's own thread. A list's statement, with its
 * joins and subqueries, can cost more to plan than to run. Plain reads made outside a transaction
 * (every list, every record, the guard's) go through a named statement per text instead, as a
 * PostgreSQL driver's prepared statements would: the database keeps the statement and, once it has
 * seen that a generic plan costs no more than the custom ones, the plan.
 *
 * Everything else — writes, several statements at once, anything inside a transaction — goes
 * through PGlite's own query() untouched. Answers are parsed by PGlite's own parser, so a
 * prepared read answers exactly what query() would.
 *
 * On PostgreSQL the pool's plain reads are given a statement name, and node-postgres prepares
 * each once per connection; a connection is replaced after `MAX_USES` requests, which bounds what
 * each keeps.
 */
import { createHash } from "node:crypto";
import { parse, protocol, type PGlite } from "@electric-sql/pglite";
import type pg from "pg";

/** A SELECT alone (the extended protocol takes one statement): what may be prepared and remembered. */
export const isPlainRead = (text: string): boolean => /^\s*select\s/i.test(text) && !/;\s*\S/.test(text);

/**
 * Bounds what the database keeps: a list's text varies with its filters (and with the number of
 * ids asked for), so the kept statements are dropped and made again when there are this many.
 */
const MAX_STATEMENTS = 500;

interface Statement {
  name: string;
  paramTypes: number[];
}

/** Sends plain reads of `client.query` through named statements (see above). */
export function prepareReadsOf(client: PGlite, { maxStatements = MAX_STATEMENTS } = {}): void {
  const unnamed = client.query.bind(client);
  const statements = new Map<string, Statement>();
  let made = 0;
  const send = async (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  const statementFor = async (text: string, paramTypes?: number[]): Promise<Statement> => {
    const known = statements.get(text);
    if (known) return known;
    if (statements.size >= maxStatements) {
      await send(protocol.serialize.query("deallocate all"));
      statements.clear();
    }
    const name = `read_${++made}`;
    await send(protocol.serialize.parse({ name, text, types: paramTypes }));
    const described = await send(protocol.serialize.describe({ type: "S", name }));
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    return statement;
  };

  client.query = (async (text: string, params: unknown[] = [], options?: Parameters<PGlite["query"]>[2]) => {
    if (!isPlainRead(text) || options?.blob) return unnamed(text, params, options);
    await client._checkReady();
    // The same two locks as query(): never between the statements of someone's transaction.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const messages = [];
        try {
          const { name, paramTypes } = await statementFor(text, options?.paramTypes);
          const values = params.map((value, index) => {
            if (value === null || value === undefined) return null;
            const serialize = options?.serializers?.[paramTypes[index]!] ?? client.serializers[paramTypes[index]!];
            return serialize ? serialize(value) : String(value);
          });
          messages.push(
            ...(await send(protocol.serialize.bind({ statement: name, values }))),
            ...(await send(protocol.serialize.describe({ type: "P" }))),
            ...(await send(protocol.serialize.execute({}))),
          );
        } finally {
          messages.push(...(await send(protocol.serialize.sync())));
        }
        return parse.parseResults(messages, client.parsers, options)[0]!;
      }),
    );
  }) as PGlite["query"];
}

/** Requests a PostgreSQL connection serves before it is replaced (and its statements dropped). */
export const MAX_USES = 10_000;

/** The statement name of a read's text: the same on every connection and every instance. */
const statementName = (text: string) => `read_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;

/** Names the plain reads a PostgreSQL pool runs, so that each connection prepares them once. */
export function prepareReadsOfPool(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (typeof config === "object" && config !== null) {
      const { text, name } = config as pg.QueryConfig;
      if (name === undefined && typeof text === "string" && isPlainRead(text))
        return query({ ...config, name: statementName(text) }, ...rest);
    }
    return query(config, ...rest);
  };
}
