/**
 * The console's dataProvider: ra-data-simple-rest for react-admin's CRUD calls, fed with our
 * HTTP client's fetchJson so every call gets the bearer, the refresh/retry rules and our errors,
 * plus the custom calls of spec §7 that exist so far.
 */
import simpleRestProvider from "ra-data-simple-rest";
import type { DataProvider } from "react-admin";
import type { ApiUser, PasswordCheckResponse, SubscriptionStatusResponse } from "../api/types";
import type { HttpClient } from "./httpClient";
import { createAdvancedSettingsCalls, type AdvancedSettingsCalls } from "./advancedSettingsCalls";
import { createAiCalls, type AiCalls } from "./aiCalls";
import { createPhoneCalls, type PhoneCalls } from "./phoneCalls";
import { createDashboardCalls, type DashboardCalls } from "./dashboardCalls";
import { createGuestAccessCalls, type GuestAccessCalls } from "./guestAccessCalls";
import { createResourceCalls, type ResourceCalls } from "./resourceCalls";
import { createRecoverCalls, type RecoverCalls } from "./recoverCalls";
import { createDeviceUnsubscribeCalls, type DeviceUnsubscribeCalls } from "./deviceUnsubscribeCalls";
import { createDeleteRequestCalls, type DeleteRequestCalls } from "./deleteRequestCalls";
import { createScheduledActionCalls, type ScheduledActionCalls } from "./scheduledActionCalls";
import { createLiveChangeCalls, type LiveChangeCalls } from "./liveChangeCalls";
import { createSearchCalls, type SearchCalls } from "./searchCalls";
import { createSubscriptionCalls, type SubscriptionCalls } from "./subscriptionCalls";
import { withResourceRoutes } from "./resourceRoutes";
import { createStartupCalls, type StartupCalls } from "./startupCalls";
import { createStorageCalls, type StorageCalls } from "./storageCalls";
import { createTestCalls, type TestCalls } from "./testCalls";
import { createUserSettingsCalls, type UserSettingsCalls } from "./userSettingsCalls";
import { withTestRecords } from "./testRecordsProvider";
import { createPagePrefetch, type AskedAhead, type PagePrefetch, type PagePrefetchDeps } from "./pagePrefetch";
import { createMemoryStorage } from "../authProvider/session";

export interface ConsoleDataProvider
  extends
    DataProvider,
    TestCalls,
    AiCalls,
    ResourceCalls,
    PhoneCalls,
    RecoverCalls,
    DeviceUnsubscribeCalls,
    DeleteRequestCalls,
    ScheduledActionCalls,
    DashboardCalls,
    GuestAccessCalls,
    UserSettingsCalls,
    SubscriptionCalls,
    AdvancedSettingsCalls,
    StorageCalls,
    SearchCalls,
    LiveChangeCalls,
    StartupCalls {
  /** POST users/password/check: true when the password is the signed-in user's. */
  checkPassword(password: string): Promise<boolean>;
  /** GET v2/payments/subscription; errors are ignored (§7), giving null. */
  getSubscription(): Promise<SubscriptionStatusResponse | null>;
  /** GET users/{id}; the signed-in user's own record is stored as the current user (§3, §7). */
  getUser(id: string): Promise<ApiUser>;
  /** Asks now for the lists the page at `pathname` asked for first last time (pagePrefetch.ts). */
  prefetchPage(pathname: string): Promise<AskedAhead[]>;
}

export interface DataProviderOptions {
  /** Where a page's first calls are remembered: the session's storage (localStorage). */
  storage?: Storage;
  /** The list call a screen makes first on a first visit (src/access/declaredFirstData.ts). */
  declaredFirstCall?: PagePrefetchDeps["declared"];
  /** The pages' first calls, when start-up already asks for them (providers.ts): else its own. */
  pages?: PagePrefetch;
}

export function createDataProvider(
  httpClient: HttpClient,
  { storage = createMemoryStorage(), declaredFirstCall = () => undefined, pages: shared }: DataProviderOptions = {},
): ConsoleDataProvider {
  const rest = withResourceRoutes(simpleRestProvider(httpClient.baseUrl, httpClient.fetchJson), httpClient);
  const records = withTestRecords(rest, httpClient);
  const pages =
    shared ??
    createPagePrefetch({
      storage,
      userId: () => httpClient.session.getUser().id,
      pathname: () => (typeof window === "undefined" ? "" : window.location.pathname),
      declared: declaredFirstCall,
    });

  /** react-admin's writes: once one is sent, no list answer asked for before it is handed out. */
  const writing =
    <Args extends unknown[], Result>(write: (...args: Args) => Promise<Result>) =>
    (...args: Args) => {
      pages.forget();
      return write(...args);
    };

  return {
    ...records,
    create: writing(records.create.bind(records)),
    update: writing(records.update.bind(records)),
    updateMany: writing(records.updateMany.bind(records)),
    delete: writing(records.delete.bind(records)),
    deleteMany: writing(records.deleteMany.bind(records)),
    getList: (resource, params) => pages.getList(resource, params, records.getList),
    prefetchPage: async (pathname) => pages.prefetch(pathname, records.getList),
    ...createTestCalls(httpClient),
    ...createAiCalls(httpClient),
    ...createResourceCalls(httpClient),
    ...createRecoverCalls(httpClient),
    ...createDeviceUnsubscribeCalls(httpClient),
    ...createDeleteRequestCalls(httpClient),
    ...createScheduledActionCalls(httpClient),
    ...createPhoneCalls(httpClient),
    ...createAdvancedSettingsCalls(httpClient),
    ...createDashboardCalls(httpClient),
    ...createGuestAccessCalls(httpClient),
    ...createUserSettingsCalls(httpClient),
    ...createSubscriptionCalls(httpClient),
    ...createStartupCalls(httpClient),
    ...createStorageCalls(httpClient),
    ...createSearchCalls(httpClient),
    ...createLiveChangeCalls(httpClient),
    // ra-data-simple-rest forwards react-query's signal, so cancelled queries abort their fetch.
    supportAbortSignal: true,

    checkPassword: async (password) => {
      const answer = await httpClient.json<PasswordCheckResponse>("users/password/check", {
        method: "POST",
        json: { password },
      });
      return answer?.isCorrect === true;
    },

    getSubscription: async () => {
      try {
        return (await httpClient.json<SubscriptionStatusResponse>("v2/payments/subscription")) ?? null;
      } catch {
        return null;
      }
    },

    getUser: async (id) => {
      const user = await httpClient.json<ApiUser>(`users/${encodeURIComponent(id)}`);
      if (user && user.id === httpClient.session.getUser().id) httpClient.session.setCurrentUser(user);
      return user;
    },
  };
}
