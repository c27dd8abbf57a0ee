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
}

export function boot(
  startup: StartupDeps,
  pathname: string,
  preload: (pathname: string, signedIn: boolean) => Promise<unknown> = preloadRouteCode,
): Booted {
  // Asked before the first call goes: with a stored session the signed-in console is what will show.
  const signedIn = startup.isSignedIn() || startup.hasRefreshToken();
  const started = runStartup(startup);
  return { started, code: preload(pathname, signedIn) };
}
