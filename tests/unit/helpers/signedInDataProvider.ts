import { declaredFirstCall } from "../../../src/access/declaredFirstData";
import { createDataProvider } from "../../../src/dataProvider";
import { createHttpClient } from "../../../src/dataProvider/httpClient";
import { createMemoryStorage, createSessionStore } from "../../../src/authProvider/session";
import type { Role } from "../../../src/api/types";
import { STORAGE_KEYS } from "../../../src/config";

export const TEST_API_BASE = "http://api.test/api";
export const TEST_NOW = 1_700_000_000_000;

/** The console's real dataProvider over its real client, signed in with `token` at a fixed time. */
export function signedInDataProvider(token: string, role: Role = "User") {
  const storage = createMemoryStorage({
    [STORAGE_KEYS.userInfo]: JSON.stringify({ id: "u1", isLoggedIn: true, token, refreshToken: "r1", role }),
  });
  const session = createSessionStore(storage);
  const httpClient = createHttpClient({
    baseUrl: TEST_API_BASE,
    session,
    now: () => TEST_NOW,
    onSessionEnded: () => undefined,
  });
  const declared = (path: string) => declaredFirstCall(path, session.getUser());
  return { dataProvider: createDataProvider(httpClient, { declaredFirstCall: declared }), session };
}
