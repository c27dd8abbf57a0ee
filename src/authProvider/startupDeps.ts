/**
 * Wires the pure start-up sequence (src/custom/startup/startup.ts) to the real client and its
 * start-up calls, so App.tsx only calls runStartup(startup).
 */
import type { StartupDeps } from "../custom/startup/startup";
import { expiresWithin } from "./tokenRefresher";
import type { HttpClient } from "../dataProvider/httpClient";
import type { StartupCalls } from "../dataProvider/startupCalls";

export function createStartupDeps(httpClient: HttpClient, calls: StartupCalls): StartupDeps {
  const { session } = httpClient;
  return {
    checkHealth: () => calls.getHealth(),
    hasRefreshToken: () => session.getUser().refreshToken !== "",
    refreshToken: () => httpClient.refresher.refresh(),
    verifyToken: () => calls.verifyToken(),
    isSignedIn: () => session.getUser().isLoggedIn && session.getUser().token !== "",
    accessTokenFresh: () => {
      const { token } = session.getUser();
      return token !== "" && !expiresWithin(token, Date.now());
    },
    // §4: a refused refresh clears stored data but the last drawer open time; the router's
    // checkAuth then sends non-public pages to /login.
    endSession: () => session.clearStoredData({ keepLastDrawerOpenTime: true }),
  };
}
