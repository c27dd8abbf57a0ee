/**
 * Wires the pure start-up sequence (src/custom/startup/startup.ts) to the real client and
 * dataProvider, so App.tsx only calls runStartup(createStartupDeps()).
 */
import type { StartupDeps } from "../custom/startup/startup";
import { dataProvider as defaultDataProvider, type ConsoleDataProvider } from "../dataProvider";
import { httpClient as defaultHttpClient, type HttpClient } from "../dataProvider/httpClient";

export function createStartupDeps(
  httpClient: HttpClient = defaultHttpClient,
  dataProvider: ConsoleDataProvider = defaultDataProvider,
): StartupDeps {
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
