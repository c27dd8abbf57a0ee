/**
 * What the page does first, before React or react-admin are even evaluated (main.tsx): spec §4's
 * start-up calls leave at once, and the code of the page asked for loads beside them (issue 13:
 * nothing waits behind start-up that need not). App renders with the start-up's promise.
 */
import { runStartup, type StartupDeps, type StartupResult } from "./startup";
import { preloadRouteCode } from "./routeCode";

export interface Booted {
  /** Spec §4's sequence, already under way. */
  started: Promise<StartupResult>;
  /** The route's code, loading in parallel with it; never rejects. */
  code: Promise<unknown>;
  /** When the console's code may be asked for: after the first list's call has left (below). */
  codeMayLoad: Promise<void>;
  /**
   * The page holds /login's prerendered sign-in card (dist/login.html) and it is what this visitor
   * sees (signed out): the first render takes it over rather than drawing it again.
   */
  prerenderedLogin: boolean;
}

export interface BootOptions {
  /** #root already holds markup (the service's dist/login.html for /login). */
  prerendered?: boolean;
  preload?: (pathname: string, signedIn: boolean) => Promise<unknown>;
  /** Resolves once the browser has drawn what the page holds (tests give their own). */
  afterPaint?: () => Promise<void>;
  /**
   * Asks for the page's first lists (the dataProvider's prefetchPage): once start-up says the
   * visitor is signed in, so they leave while the page draws rather than after it.
   */
  prefetchPage?: (pathname: string) => void;
  /**
   * Asks for what the page asked for first last time with start-up's own calls (issue 23), when
   * the stored session's access token may be sent as it is: before the console's code, not after
   * start-up. `shown` resolves true once their answers may be shown (health did not say NotOk).
   */
  askFirstData?: (pathname: string, shown: Promise<boolean>) => void;
  /** Start-up did not end signed in (maintenance, a refused refresh or token): what was asked with it goes. */
  dropFirstData?: () => void;
}

/** In a later task: once every microtask queued now has run. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * After the browser's next frame: the prerendered sign-in page is on screen before React, MUI and
 * the page's code are evaluated (a long task on a phone that would otherwise come first). At once
 * where there is no frame to wait for (a hidden tab, Node).
 */
export function afterFirstPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== "function" || document.visibilityState === "hidden") return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

export function boot(
  startup: StartupDeps,
  pathname: string,
  {
    prerendered = false,
    preload = preloadRouteCode,
    afterPaint = afterFirstPaint,
    prefetchPage,
    askFirstData,
    dropFirstData,
  }: BootOptions = {},
): Booted {
  // Asked before the first call goes: with a stored session the signed-in console is what will show.
  const signedIn = startup.isSignedIn() || startup.hasRefreshToken();
  let healthSaid: (shown: boolean) => void = () => undefined;
  const shown = new Promise<boolean>((resolve) => (healthSaid = resolve));
  const started = runStartup({
    ...startup,
    // §4: a failed health check is ignored, as a healthy one; NotOk shows the maintenance screen.
    checkHealth: () =>
      startup.checkHealth().then(
        (health) => {
          healthSaid(health?.portal !== "NotOk");
          return health;
        },
        (error: unknown) => {
          healthSaid(true);
          throw error;
        },
      ),
  });
  // With start-up's calls when the token may go as it is (a refresh of its own would come before
  // §4's): the page's lists answer while the console's code loads, not after it.
  const withStartup = pathname !== "/login" && startup.isSignedIn() && (startup.accessTokenFresh?.() ?? false);
  if (withStartup) askFirstData?.(pathname, shown);
  void started.then((result) => {
    const ready = result.kind === "ready" && result.signedIn;
    if (ready) prefetchPage?.(pathname);
    else if (withStartup) dropFirstData?.();
  });
  const prerenderedLogin = prerendered && pathname === "/login" && !signedIn;
  // On HTTP/1.1's six connections a first list asked with start-up queued behind its page's code
  // files (/users asks for ~35) and was answered ~0.3 s late: that code is asked for in the next
  // task, once the list's call has left (it leaves after a few microtasks: the token's check).
  const codeMayLoad = withStartup && askFirstData ? nextTask() : Promise.resolve();
  // Its calls leave at once either way; a prerendered page's code is fetched already (its HTML
  // names it), only its evaluation waits for the page to be drawn.
  const code = prerenderedLogin
    ? afterPaint().then(() => preload(pathname, signedIn))
    : codeMayLoad.then(() => preload(pathname, signedIn));
  return { started, code, codeMayLoad, prerenderedLogin };
}
