/**
 * Who may use the AI calls of a test: the users who may see it (its account; super admins any),
 * and — because the console's public view reads and triggers AI without a token
 * (docs/decisions.md) — anybody at all when the test was shared.
 *
 * The routes are declared "public" so that the guard lets token-less requests through; this
 * module then does the guard's token check itself when a token is present. A token that is sent
 * must be valid: an expired one still answers token_expired, so the console refreshes it.
 */
import type { FastifyRequest } from "fastify";
import { userOfAuthorization } from "../auth/guard";
import { HttpError, unauthorized } from "../http/errors";
import type { Services } from "../services";
import { canSeeTest, findLiveTest, TEST_NOT_FOUND, type TestRow } from "../testRecords/queries";
import type { UserRow } from "../users/queries";

/** The signed-in caller when a token is sent (checked as the guard would), else null. */
export async function optionalCaller(request: FastifyRequest, services: Services): Promise<UserRow | null> {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === "") return null;
  return userOfAuthorization(header, services);
}

export interface AiAccess {
  test: TestRow;
  /** Null for a visitor of a shared test. */
  caller: UserRow | null;
}

/**
 * The test if the request may use its AI. Without a token, anything not shared is 401, whether
 * or not it exists, so token-less probing learns nothing; with one, a test the caller may not see
 * is 404, as for GET v3/tests/{id}.
 */
export async function aiAccess(request: FastifyRequest, services: Services, testId: string): Promise<AiAccess> {
  const caller = await optionalCaller(request, services);
  const test = await findLiveTest(services.db, testId);
  const shared = test !== undefined && test.sharedAt !== null;
  if (caller === null) {
    if (!test || !shared) throw unauthorized();
    return { test, caller };
  }
  if (!test || !(shared || canSeeTest(caller, test))) throw new HttpError(404, TEST_NOT_FOUND);
  return { test, caller };
}
