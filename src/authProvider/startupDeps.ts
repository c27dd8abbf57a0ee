/**
 * Wires the pure start-up sequence (src/custom/startup/startup.ts) to the real client and
 * dataProvider, so App.tsx only calls runStartup(startup).
 */
import type { StartupDeps } from "../custom/startup/startup";
import type { ConsoleDataProvider } from "../dataProvider";
import type { HttpClient } from "../dataProvider/httpClient";

export function createStartupDeps(httpClient: HttpClient, dataProvider: ConsoleDataProvider): StartupDeps {
  const { session } = httpClient;
  return {
    checkHealth: () => dataProvider.getHealth(),
    hasRefreshToken: () => session.getUser().refreshToken !== "",
    refreshToken: () => httpClient.refresher.refresh(),
    verifyToken: () => dataProvider.verifyToken(),
    isSignedIn: () => session.getUser().isLoggedIn && session.getUser().token !== "",
    // §4: a refused refresh clears stored data but the last drawer open time; the router's
    // checkAuth then sends non-public pages to /login.
    endSession: () => session.clearStoredData({ keepLastDrawerOpenTime: true }),
  };
}
