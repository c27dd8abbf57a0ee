import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import type { StartupResult } from "./custom/startup/startup";
import { prefetchMenuCode } from "./custom/startup/routeCode";
import type { ConsoleProviders } from "./providers";

/** React and the console, rendered once their code is in (main.tsx loads this beside start-up). */
export function mount(providers: ConsoleProviders, started: Promise<StartupResult>): void {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App {...providers} started={started} onSignedInShown={() => prefetchMenuCode()} />
    </StrictMode>,
  );
}
