import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { DELETED_USER_STATUS, TOKEN_EXPIRED, type ApiError } from "../../../src/api/types";

/** An error whose status and message go to the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** More of the answer's body, next to `message` (`errors`, a 409's `current`). */
    readonly extra?: Record<string, unknown>,
    /** Headers the answer carries (`Retry-After`, `WWW-Authenticate`). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** A refusal about one field: "field: why", plus `errors` so the console shows it under the field. */
export const fieldError = (statusCode: 400 | 403 | 409 | 413 | 422, field: string, message: string) =>
  new HttpError(statusCode, `${field}: ${message}`, { errors: { [field]: message } });

/**
 * RFC 6750 §3: every 401 says how to authenticate (`Bearer`); when a token was sent and refused
 * (bad, expired, its sign-in ended, its user disabled) it also says so (`invalid_token`).
 */
export const BEARER_CHALLENGE = "Bearer";
export const INVALID_TOKEN_CHALLENGE = 'Bearer error="invalid_token"';

/** No token, or a refusal that is not about the token sent (wrong credentials). */
export const unauthorized = () => new HttpError(401, "Unauthorized");
/** The token sent is refused. */
export const invalidToken = (message = "Unauthorized") =>
  new HttpError(401, message, undefined, { "www-authenticate": INVALID_TOKEN_CHALLENGE });
export const tokenExpired = () => invalidToken(TOKEN_EXPIRED);
/** 429 saying how long to wait, in `Retry-After` (seconds); `extra` joins the body. */
export const tooMany = (message: string, retryAfterSeconds: number, extra?: Record<string, unknown>) =>
  new HttpError(429, message, extra, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const userDeleted = () => new HttpError(DELETED_USER_STATUS, "User deleted");
export const forbidden = (message = "You do not have permission to do this.") => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);

/** Fastify's own client errors whose wording we replace with something a person can act on. */
const FRIENDLIER_MESSAGES: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, message: "Request body is not valid JSON" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, message: "Request body is required" },
  // 415 would be the textbook answer; the contract promises 400 for every malformed request.
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 400, message: "Content-Type must be application/json" },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, message: "Request body is too large" },
};

/**
 * Every error answer is `{message}`. Client errors keep their status and message; anything else
 * is logged and answered with a generic 500, so internals never leak.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = error.code ? FRIENDLIER_MESSAGES[error.code] : undefined;
  const statusCode = known?.statusCode ?? error.statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) {
    const extra = error instanceof HttpError ? error.extra : undefined;
    const body: ApiError = { ...extra, message: known?.message ?? error.message };
    if (error instanceof HttpError && error.headers) void reply.headers(error.headers);
    if (statusCode === 401 && !reply.hasHeader("www-authenticate"))
      void reply.header("www-authenticate", BEARER_CHALLENGE);
    void reply.status(statusCode).send(body);
    return;
  }
  if (clientWentAway(error, request)) {
    // An upload cut off by the client: nobody waits for this answer, and nothing failed here
    // (the upload's own clean-up leaves no row and no file). Not an error to alert on.
    request.log.info({ err: error }, "the client went away before the answer");
  } else {
    request.log.error({ err: error }, "request failed");
  }
  const body: ApiError = { message: "Internal server error" };
  void reply.status(500).send(body);
}

/** The request's own connection was closed by the client (not a database's or a store's). */
const clientWentAway = (error: FastifyError, request: FastifyRequest) =>
  error.code === "ECONNRESET" && request.raw.destroyed;

/** Errors Fastify raises before routing (a URL with broken %-encoding) skip setErrorHandler. */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const body: ApiError = { message: error.code === "FST_ERR_BAD_URL" ? "The URL is not valid" : error.message };
  void reply.status(400).send(body);
}
