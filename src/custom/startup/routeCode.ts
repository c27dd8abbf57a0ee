/**
 * The code of the page asked for, fetched while start-up's calls are out (issue 13: no waterfall).
 * Start-up (spec §4: health, then refresh, then verify) decides what shows, but the console's own
 * code and the page's code do not depend on its answers: they load in parallel, so the page can
 * draw as soon as start-up says "ready". The same modules as the screens' lazy() imports, so each is
 * fetched once, whoever asks first.
 *
 * Only the lists' and home's pages are named here (the pages people open a console on, and the
 * menu's targets); any other address still gets the console's own code early.
 */
type Load = () => Promise<unknown>;

/** The signed-in part: react-admin and the console's shell (App.tsx imports the same module). */
export const loadConsole: Load = () => import("../../Console");
export const loadLoginPage: Load = () => import("../login/LoginPage");

/** First path segment → the page's module (src/resources/…/index.ts, src/access/screens.tsx). */
const PAGES: Record<string, Load> = {
  "": () => import("../home/HomePage"),
  accounts: () => import("../../resources/accounts/AccountList"),
  users: () => import("../../resources/users/UserList"),
  devices: () => import("../../resources/devices/DeviceList"),
  payments: () => import("../../resources/payments/PaymentsPage"),
  firmware: () => import("../../resources/firmware/FirmwareList"),
  discounts: () => import("../../resources/discounts/DiscountList"),
  gallery: () => import("../gallery/GalleryPage"),
};

const firstSegment = (pathname: string) => pathname.split("/")[1] ?? "";

/** A list's own page (/accounts), not a record under it (/accounts/123): that one has other code. */
function pageOf(pathname: string): Load | undefined {
  const parts = pathname.split("/").filter(Boolean);
  return parts.length <= 1 ? PAGES[firstSegment(pathname)] : undefined;
}

/** Swallowed here: a chunk that fails now is asked again (and its failure shown) when the page renders. */
const quietly = (load: Load) => load().catch(() => undefined);

/**
 * Starts loading what `pathname` will render: the sign-in page, or (with a stored session) the
 * console and the page. Resolves when they are in; never rejects.
 */
export function preloadRouteCode(pathname: string, signedIn: boolean): Promise<unknown> {
  if (pathname === "/login") return quietly(loadLoginPage);
  if (!signedIn) return Promise.resolve();
  const page = pageOf(pathname);
  return Promise.all([quietly(loadConsole), ...(page ? [quietly(page)] : [])]);
}

/**
 * Once the first page is drawn and the browser is idle: the menu's lists, so a click on the menu
 * waits for the list's data only, not for its code too.
 */
export function prefetchMenuCode(schedule: (task: () => void) => void = whenIdle): void {
  schedule(() => {
    for (const load of Object.values(PAGES)) void quietly(load);
  });
}

/** Past the first page's own code and data on a slow machine (the bench saw 2.5 s to its rows). */
const AFTER_LOAD_MS = 5000;

/**
 * A while after the page has loaded, when the browser has nothing else to do: never in the way
 * of the first page's own code and data (an idle moment while its data is out would otherwise
 * start the menu's code beside it; no deadline: on a busy machine it simply waits).
 */
function whenIdle(task: () => void): void {
  if (typeof window === "undefined") return;
  const idle = () =>
    setTimeout(() => ("requestIdleCallback" in window ? window.requestIdleCallback(task) : task()), AFTER_LOAD_MS);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
