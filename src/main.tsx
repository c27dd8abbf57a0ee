import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { createConsoleProviders } from "./providers";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App {...createConsoleProviders()} />
  </StrictMode>,
);
