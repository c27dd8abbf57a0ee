/**
 * A client that goes away mid-request (an upload cut off: Node's "aborted", ECONNRESET, its own
 * request destroyed) is not the service failing: it is logged as information, not as an error to
 * alert on; a reset of anything else (a database's, a store's connection) stays an error.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { handleError } from "../../server/src/http/errors";

function answer(error: Partial<FastifyError>, clientGone: boolean) {
  const log = { info: vi.fn(), error: vi.fn() };
  const request = { raw: { destroyed: clientGone }, log } as unknown as FastifyRequest;
  const sent: unknown[] = [];
  const reply = {
    status: () => reply,
    send: (body: unknown) => sent.push(body),
  } as unknown as FastifyReply;
  handleError(Object.assign(new Error(error.message), error) as FastifyError, request, reply);
  return { log, sent };
}

describe("an error while the request was being read", () => {
  it("is information when the client closed its own connection", () => {
    const { log, sent } = answer({ message: "aborted", code: "ECONNRESET" }, true);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith(expect.anything(), "the client went away before the answer");
    expect(sent).toEqual([{ message: "Internal server error" }]);
  });

  it("stays an error when the client is still there (another connection was reset)", () => {
    const { log } = answer({ message: "read ECONNRESET", code: "ECONNRESET" }, false);
    expect(log.error).toHaveBeenCalledWith(expect.anything(), "request failed");
    expect(log.info).not.toHaveBeenCalled();
  });

  it("stays an error when the client is gone but something else failed", () => {
    const { log } = answer({ message: "boom" }, true);
    expect(log.error).toHaveBeenCalledWith(expect.anything(), "request failed");
  });
});
