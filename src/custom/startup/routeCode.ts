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
import { prepareCountryNames } from "../../resources/shared/country";
import { loadPage, type PageLoad } from "./lazyPage";

/*
 * The loaders, shared with the lazy pages (App.tsx, src/resources/…/index.ts, src/access/screens.tsx):
 * one function per page, so a page preloaded here renders without suspending (lazyPage.ts).
 */
/** The signed-in part: react-admin and the console's shell. */
export const loadConsole = () => import("../../Console");
export const loadLoginPage = () => import("../login/LoginPage");
export const loadHomePage = () => import("../home/HomePage");
export const loadAccountList = () => import("../../resources/accounts/AccountList");
export const loadUserList = () => import("../../resources/users/UserList");
export const loadDeviceList = () => import("../../resources/devices/DeviceList");
export const loadPaymentsPage = () => import("../../resources/payments/PaymentsPage");
export const loadFirmwareList = () => import("../../resources/firmware/FirmwareList");
export const loadDiscountList = () => import("../../resources/discounts/DiscountList");
export const loadGalleryPage = () => import("../gallery/GalleryPage");

/** First path segment → the page's module (src/resources/…/index.ts, src/access/screens.tsx). */
const PAGES: Record<string, PageLoad<unknown>> = {
  "": loadHomePage,
  accounts: loadAccountList,
  users: loadUserList,
  devices: loadDeviceList,
  payments: loadPaymentsPage,
  firmware: loadFirmwareList,
  discounts: loadDiscountList,
  gallery: loadGalleryPage,
};

const firstSegment = (pathname: string) => pathname.split("/")[1] ?? "";

/** A list's own page (/accounts), not a record under it (/accounts/123): that one has other code. */
function pageOf(pathname: string): PageLoad<unknown> | undefined {
  const parts = pathname.split("/").filter(Boolean);
  return parts.length <= 1 ? PAGES[firstSegment(pathname)] : undefined;
}

/** Swallowed here: a chunk that fails now is asked again (and its failure shown) when the page renders. */
const quietly = (load: PageLoad<unknown>) => loadPage(load).catch(() => undefined);

/**
 * Starts loading what `pathname` will render: the sign-in page, or (with a stored session) the
 * console and the page. Resolves when they are in; never rejects.
 */
export function preloadRouteCode(pathname: string, signedIn: boolean): Promise<unknown> {
  if (pathname === "/login") return quietly(loadLoginPage);
  if (!signedIn) return Promise.resolve();
  // While start-up's calls are out the main thread waits: the lists' country names get ready then.
  setTimeout(prepareCountryNames, 0);
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

let firstRowsDrawn: () => void = () => undefined;
const firstRows = new Promise<void>((resolve) => {
  firstRowsDrawn = resolve;
});

/**
 * A list's first rows are on screen (ListPage says so): the first page has its code and its data,
 * so the menu's code may load now rather than seconds later (a click soon after waited for it).
 */
export function markFirstRowsDrawn(): void {
  firstRowsDrawn();
}

/**
 * Once the first page is done: at once when a list's first rows are drawn (its code and data are
 * in; the bench's menu click came ~0.1 s after them, before the browser ever went idle), or, for a
 * page that is not a list (or an empty one), when the browser is idle a while after the page has
 * loaded. Never in the way of the first page's own code and data (an idle moment while its data is
 * out would otherwise start the menu's code beside it; no deadline: on a busy machine it waits).
 */
export function whenIdle(task: () => void, firstPageDone: Promise<void> = firstRows): void {
  if (typeof window === "undefined") return;
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    task();
  };
  // After the frame that shows the rows: the lists say so from an effect, which may run before the
  // browser has painted them, and the menu's code evaluated then would hold the rows back.
  void firstPageDone.then(() => requestAnimationFrame(() => setTimeout(once, 0)));
  const idle = () => ("requestIdleCallback" in window ? window.requestIdleCallback(once) : once());
  const afterLoad = () => setTimeout(idle, AFTER_LOAD_MS);
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}
