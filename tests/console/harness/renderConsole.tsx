import { render } from "@testing-library/react";
import type { Role } from "../../../src/api/types";
import { App } from "../../../src/App";
import { STORAGE_KEYS } from "../../../src/config";
import { createConsoleProviders, type ConsoleProviders } from "../../../src/providers";
import { fakeToken, resetState, state, userFor, type ServiceState } from "./server";

/** Stores a signed-in session the way the console itself stores one after sign-in (spec §3). */
export function signIn(role: Role): void {
  const user = userFor(role);
  window.localStorage.setItem(
    STORAGE_KEYS.userInfo,
    JSON.stringify({
      accountId: user.accountId,
      firstName: user.firstName,
      id: user.id,
      isLoggedIn: true,
      lastName: user.lastName,
      token: fakeToken(user.id, role),
      refreshToken: `refresh:${role}:0`,
      role,
    }),
  );
}

export interface RenderConsoleOptions {
  role?: Role;
  /** Shapes the msw service's answers before the console starts. */
  service?: (service: ServiceState) => void;
  /** Replace some providers (a given dataProvider, say); the rest are the real ones over msw. */
  providers?: Partial<ConsoleProviders>;
}

/**
 * Renders the whole console at a path, as a browser would load it: start-up, router, providers
 * and all. Each call makes fresh providers over the storage this test prepared (spec §3's keys in
 * jsdom's localStorage, cleared after every test), so nothing is shared between tests and no
 * module is imported again.
 */
export function renderConsole(path: string, options: RenderConsoleOptions = {}) {
  resetState();
  options.service?.(state);
  if (options.role) signIn(options.role);
  window.history.replaceState(null, "", path);
  const providers = { ...createConsoleProviders({ storage: window.localStorage }), ...options.providers };
  return Promise.resolve(render(<App {...providers} />));
}
