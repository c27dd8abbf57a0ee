import type { ReactElement, ReactNode } from "react";
import { render } from "@testing-library/react";
import { memoryStore, TestMemoryRouter } from "react-admin";
import type { Role } from "../../../src/api/types";
import { ConsoleContext } from "../../../src/Console";
import { createConsoleProviders, type ConsoleProviders } from "../../../src/providers";
import { signIn } from "./renderConsole";
import { resetState } from "./server";

export interface RenderInAdminOptions {
  /** Signed in with this role (spec §3's stored session), or a guest. */
  role?: Role;
  /** Where the memory router starts. */
  path?: string;
  /** Replace some providers; the rest are the real ones over msw. */
  providers?: Partial<ConsoleProviders>;
}

/**
 * Renders one page or component inside react-admin's context, as the console composes it (the
 * real providers over msw, or the given ones, in the console's own ConsoleContext), with a memory
 * router and a memory store: no start-up, no layout, no whole app.
 */
export function renderInAdmin(ui: ReactElement, { role, path = "/", providers = {} }: RenderInAdminOptions = {}) {
  resetState();
  if (role) signIn(role);
  // Start-up is App's, not the context's.
  const { startup: _startup, ...given } = { ...createConsoleProviders({ storage: window.localStorage }), ...providers };
  const store = providers.store ?? memoryStore();
  // A wrapper, so that rerender() keeps the context.
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <TestMemoryRouter initialEntries={[path]}>
      <ConsoleContext {...given} store={store}>
        {children}
      </ConsoleContext>
    </TestMemoryRouter>
  );
  return render(ui, { wrapper: Wrapper });
}
