/**
 * The entry: small on purpose. Spec §4's start-up calls and the requested page's code start here,
 * before React, MUI and the console are evaluated (./mount loads them in parallel): no waterfall
 * of entry → first render → health → refresh → verify → console code → page code (issue 13).
 */
import { boot } from "./custom/startup/boot";
import { createConsoleProviders } from "./providers";

const providers = createConsoleProviders();
const { started } = boot(providers.startup, window.location.pathname);
void import("./mount").then(({ mount }) => mount(providers, started));
