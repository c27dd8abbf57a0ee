import { StrictMode } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { App } from "./App";
import type { StartupResult } from "./custom/startup/startup";
import { prefetchMenuCode } from "./custom/startup/routeCode";
import type { ConsoleProviders } from "./providers";

export interface MountOptions {
  /**
   * #root holds /login's prerendered page (dist/login.html, custom/login/prerender.tsx) and this
   * visitor is signed out: React takes those elements over instead of drawing anew.
   */
  hydrateLogin?: boolean;
}

/** React and the console, rendered once their code is in (main.tsx loads this beside start-up). */
export function mount(
  providers: ConsoleProviders,
  started: Promise<StartupResult>,
  { hydrateLogin = false }: MountOptions = {},
): Root {
  const root = document.getElementById("root")!;
  const app = (
    <StrictMode>
      <App
        {...providers}
        started={started}
        loginBeforeStartup={hydrateLogin}
        onSignedInShown={() => prefetchMenuCode()}
      />
    </StrictMode>
  );
  if (hydrateLogin) return hydrateRoot(root, app);
  // A prerendered sign-in page this visit does not show (a stored session goes on to the console).
  root.replaceChildren();
  const fresh = createRoot(root);
  fresh.render(app);
  return fresh;
}
