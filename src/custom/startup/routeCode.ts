/**
 * The code of the page asked for, fetched while start-up's calls are out (issue 13: no waterfall).
 * Start-up (spec §4: health, then refresh, then verify) decides what shows, but the console's own
 * code and the page's code do not depend on its answers: they load in parallel, so the page can
 * draw as soon as start-up says "ready". The same modules as the screens' lazy() imports, so each is
 * fetched once, whoever asks first.
 *
 * Only the screens marked `preload` are loaded early (the pages people open a console on, and
 * the menu's targets); any other address still gets the console's own code early.
 */
import { SCREEN_TABLE } from "../../access/screenTable";
import { whenIdle } from "./firstRows";
import { loadPage, type PageLoad } from "./lazyPage";

/** The signed-in part: react-admin and the console's shell. */
export const loadConsole = () => import("../../Console");
export const loadLoginPage = () => import("../login/LoginPage");

const firstSegment = (pathname: string) => pathname.split("/")[1] ?? "";

/**
 * First path segment → the page's module: the screens the table marks `preload` (home, the
 * menu's lists, the gallery). The same loaders as the screens' lazy pages (src/access/screens.tsx),
 * so a page preloaded here renders without suspending (lazyPage.ts).
 */
const PAGES: Record<string, PageLoad<unknown>> = Object.fromEntries(
  SCREEN_TABLE.flatMap(({ path, load, preload }) => (preload && load ? [[firstSegment(path), load]] : [])),
);

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
  const page = pageOf(pathname);
  return Promise.all([quietly(loadConsole), ...(page ? [quietly(page)] : [])]);
}

/**
 * Once the first page is drawn and the browser is idle: the menu's lists, so a click on the menu
 * waits for the list's data only, not for its code too.
 */
export function prefetchMenuCode(
  schedule: (task: () => void) => void = whenIdle,
  nextTask: (task: () => void) => void = (task) => setTimeout(task, 0),
  load: (page: PageLoad<unknown>) => unknown = quietly,
): void {
  schedule(() => {
    // One page per task: each import adds its files' preload links to the document, and all of
    // them at once (~60 links) was one long task right after the first rows (issue 23).
    const loads = Object.values(PAGES);
    const next = () => {
      const page = loads.shift();
      if (!page) return;
      void load(page);
      nextTask(next);
    };
    next();
  });
}
