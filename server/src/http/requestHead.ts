/**
 * How large a request's address and headers may be, and the answer to one the HTTP parser refuses
 * before Fastify sees it. Node's default (16 KiB) refused lists the document allows: a filter of
 * FILTER_MAX_LENGTH characters (1,000 ids) is three times as long once %-encoded.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { FILTER_MAX_LENGTH } from "../resources/list";

/** A whole filter %-encoded (each character as %XX), with room for the other parameters and headers. */
export const MAX_REQUEST_HEAD_BYTES = 3 * FILTER_MAX_LENGTH + 16 * 1024;

/**
 * The longest path segment the router matches. Fastify's 100 left a longer id unmatched, answered
 * 405 "GET not allowed" on a path whose GET exists; matched, a segment longer than any id answers
 * 404 (http/validation.ts), as an unknown id does.
 */
export const MAX_PATH_PARAM_LENGTH = MAX_REQUEST_HEAD_BYTES;

const answer = (status: number, message: string) => {
  const body = JSON.stringify({ message });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    "Connection: close",
    "",
    body,
  ].join("\r\n");
};

/**
 * Fastify's `clientErrorHandler`: a request refused by the HTTP parser gets the API's `{message}`
 * answer (Fastify's own has `error` and `statusCode` too): 431 for a head past
 * MAX_REQUEST_HEAD_BYTES, 408 for one that took too long, 400 for anything else malformed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable) {
    if (error.code === "HPE_HEADER_OVERFLOW") {
      const kib = Math.floor(MAX_REQUEST_HEAD_BYTES / 1024);
      socket.write(answer(431, `The request's address and headers are too large (at most ${kib} KiB together).`));
    } else if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
      socket.write(answer(408, "The request took too long to arrive."));
    } else {
      socket.write(answer(400, "The request is not valid HTTP."));
    }
  }
  socket.destroy(error);
}
