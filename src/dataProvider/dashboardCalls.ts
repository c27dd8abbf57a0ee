/**
 * Home's dashboard (docs/api.md "Home dashboard"): the figures of the caller's role are not a
 * record react-admin knows, so they are a custom call, read through react-query as react-admin's
 * own hooks are.
 */
import type { Dashboard } from "../api/dashboard";
import type { HttpClient } from "./httpClient";

export interface DashboardCalls {
  /** GET dashboard: the caller's role decides which figures come back (the others are null). */
  getDashboard(signal?: AbortSignal): Promise<Dashboard>;
}

export function createDashboardCalls(httpClient: HttpClient): DashboardCalls {
  return { getDashboard: (signal) => httpClient.json<Dashboard>("dashboard", { signal }) };
}
