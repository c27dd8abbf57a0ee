/**
 * The answer to an /api request that no route took (docs/api.md "Errors"): 405 with `Allow` when
 * the path is a route's under other methods (RFC 9110 §15.5.6: the client learns what the path
 * takes), else 404. Both say `Cache-Control: no-store` like every other /api answer: the /api
 * scope's hook that sets it never runs for a request no route took.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ApiError } from "../../../src/api/types";

/** The methods a route may be registered with, in the order `Allow` lists them. */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/**
 * The methods the app has a route for at this path (a concrete path: parameters match anything).
 * A wildcard match does not count: the console's static files take `GET /*`, which would make
 * every path look known, /api's unknown ones included.
 */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  return METHODS.filter((method) => {
    const route = app.findRoute({ method, url: path });
    return route !== null && !("*" in route.params);
  });
}

export function answerUnrouted(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split("?")[0] ?? "";
  void reply.header("cache-control", "no-store");
  const allowed = allowedMethods(app, path);
  if (allowed.length > 0) {
    const body: ApiError = { message: `Method not allowed: ${request.method} ${path}` };
    return reply.status(405).header("allow", allowed.join(", ")).send(body);
  }
  const body: ApiError = { message: `Not found: ${request.method} ${path}` };
  return reply.status(404).send(body);
}
