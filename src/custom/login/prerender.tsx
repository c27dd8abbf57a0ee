/**
 * /login drawn at build time (vite.config.ts writes it into dist/login.html, which the service
 * hands out for /login): the sign-in card paints with the HTML, before any script has loaded, and
 * the console's own first render then takes over these very elements (mount.tsx hydrates them), so
 * what was typed meanwhile stays. It is the real page — App and LoginPage, the same theme and
 * styles (emotion writes them beside the markup) — rendered signed out, before start-up has
 * answered; a NotOk health answer still replaces it with the maintenance screen.
 *
 * Runs in Node (the build), never in the browser.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter } from "react-router-dom";
import { App } from "../../App";
import type { ConsoleProviders } from "../../providers";
import type { StartupResult } from "../startup/startup";
import { loadPage } from "../startup/lazyPage";
import { loadLoginPage } from "../startup/routeCode";

/** A signed-out visitor: all the sign-in page asks of the providers at its first render. */
const signedOut = {
  authProvider: {
    subscribe: () => () => undefined,
    isSignedIn: () => false,
    login: () => Promise.reject(new Error("The prerendered page does not sign in")),
  },
};

/** The HTML of #root for /login, as the browser's first render draws it (mount.tsx). */
export async function renderLoginPage(): Promise<string> {
  // In before rendering, as start-up preloads it in the browser: the page draws in the same pass.
  await loadPage(loadLoginPage);
  const providers = signedOut as unknown as ConsoleProviders;
  return renderToString(
    <StrictMode>
      <App
        {...providers}
        started={new Promise<StartupResult>(() => undefined)}
        loginBeforeStartup
        createRouter={(routes) => createMemoryRouter(routes, { initialEntries: ["/login"] })}
      />
    </StrictMode>,
  );
}
