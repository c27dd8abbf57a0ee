/**
 * The entry: small on purpose. Spec §4's start-up calls and the requested page's code start here,
 * before React, MUI and the console are evaluated (./mount loads them in parallel): no waterfall
 * of entry → first render → health → refresh → verify → console code → page code (issue 13).
 */
import { holdEarlySubmits } from "./custom/login/earlySubmit";
import { afterFirstPaint, boot } from "./custom/startup/boot";
import { createConsoleProviders } from "./providers";

const providers = createConsoleProviders();
const { started, code, prerenderedLogin } = boot(providers.startup, window.location.pathname, {
  prerendered: document.getElementById("root")!.hasChildNodes(),
  prefetchPage: (pathname) => void providers.dataProvider.prefetchPage(pathname),
});
if (prerenderedLogin) holdEarlySubmits();
// A prerendered /login is taken over once the sign-in page's code is in (it draws in one pass), and
// React is evaluated only then, after the page has been drawn (boot.ts).
const mountCode = prerenderedLogin
  ? afterFirstPaint().then(() => Promise.all([import("./mount"), code]).then(([module]) => module))
  : import("./mount");
void mountCode.then(({ mount }) => mount(providers, started, { hydrateLogin: prerenderedLogin }));
