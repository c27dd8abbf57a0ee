import { render } from "@testing-library/react";
import { vi } from "vitest";
import type { Role } from "../../../src/api/types";
import { STORAGE_KEYS } from "../../../src/config";
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

/**
 * Renders the whole console at a path, as a browser would load it: start-up, router, providers
 * and all. The App module is imported fresh each time so its module-level providers and session
 * store read the storage this test prepared.
 */
export async function renderConsole(
  path: string,
  options: { role?: Role; service?: (service: ServiceState) => void } = {},
) {
  resetState();
  options.service?.(state);
  if (options.role) signIn(options.role);
  window.history.replaceState(null, "", path);
  vi.resetModules();
  const { App } = await import("../../../src/App");
  return render(<App />);
}
