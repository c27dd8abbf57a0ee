/**
 * Where each figure of Home leads: the list behind it, filtered to the rows it counts. The
 * react-admin lists read `?filter={json}` (their URL filter format) and each filter used here is
 * one of its list's filters (server: the resource definitions; console: the facets); the gallery
 * reads its own `?from=&to=` days (UTC, as the dashboard counts them).
 */
import type { Dashboard } from "../../api/dashboard";
import type { DeviceStatus, SubscriptionState, UserStatus } from "../../api/resources";

/** A react-admin list's path with a filter in its URL format. */
export const listWithFilter = (path: string, filter: Record<string, unknown>) =>
  `${path}?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;

/** The gallery over whole UTC days, `from` to `to` included. */
export const galleryDays = (from: string, to: string = from) =>
  `/gallery?${new URLSearchParams({ from, to }).toString()}`;

/**
 * A figure of the whole list names an empty filter: a list opened without one brings back the
 * filter last used there (react-admin keeps each list's parameters), and would not show what the
 * figure counts.
 */
export const dashboardLinks = {
  accounts: (subscriptionStatus?: SubscriptionState) =>
    listWithFilter("/accounts", subscriptionStatus ? { subscriptionStatus } : {}),
  /** The period's tests (and the AI figures, which count the analyses of those tests). */
  periodTests: (period: Dashboard["period"]) => galleryDays(period.from, period.to),
  day: (day: string) => galleryDays(day),
  /** This month's payments (the list's date_gte/date_lte), optionally one currency or status. */
  payments: (month: Dashboard["month"], more: { currency?: string; status?: "failed" } = {}) =>
    listWithFilter("/payments", { date_gte: month.from, date_lte: month.to, ...more }),
  devices: (status?: DeviceStatus) => listWithFilter("/devices", status ? { status } : {}),
  users: (status?: UserStatus) => listWithFilter("/users", status ? { status } : {}),
  test: (id: string) => `/gallery/item/${encodeURIComponent(id)}`,
  gallery: "/gallery",
};
