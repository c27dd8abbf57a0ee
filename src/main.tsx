/**
 * The entry: small on purpose. Spec §4's start-up calls and the requested page's code start here,
 * before React, MUI and the console are evaluated (./mount loads them in parallel): no waterfall
 * of entry → first render → health → refresh → verify → console code → page code (issue 13).
 */
import { holdEarlySubmits } from "./custom/login/earlySubmit";
import { afterFirstPaint, boot } from "./custom/startup/boot";
import { EARLY_ROWS_WAIT_MS, endEarlyRows, frameFor, showEarlyRows } from "./custom/startup/earlyRows";
import { createConsoleProviders } from "./providers";

const providers = createConsoleProviders();
const pathname = window.location.pathname;
let earlyRows: Promise<void> | undefined;
const { started, code, codeMayLoad, prerenderedLogin } = boot(providers.startup, pathname, {
  prerendered: document.getElementById("root")!.hasChildNodes(),
  // The first rows are drawn from the first answer, with start-up or after it, once health allows.
  askFirstData: (path, shown) => {
    const calls = providers.firstData.ask(path);
    earlyRows = showEarlyRows(
      path,
      shown.then((ok) => (ok ? calls : [])),
    );
  },
  prefetchPage: (path) => {
    const calls = providers.dataProvider.prefetchPage(path);
    earlyRows ??= showEarlyRows(path, calls);
  },
  dropFirstData: () => {
    endEarlyRows();
    providers.firstData.forget();
  },
});
if (prerenderedLogin) holdEarlySubmits();
// A prerendered /login is taken over once the sign-in page's code is in (it draws in one pass), and
// React is evaluated only then, after the page has been drawn (boot.ts).
const mountCode = prerenderedLogin
  ? afterFirstPaint().then(() => Promise.all([import("./mount"), code]).then(([module]) => module))
  : codeMayLoad.then(() => import("./mount"));
// A list whose frame is remembered has its first rows drawn early (earlyRows/): React's first render,
// one long task, waits for them, no longer than the rows' answer normally takes.
const beforeMount = frameFor(pathname)
  ? started.then(() => Promise.race([earlyRows, new Promise((resolve) => setTimeout(resolve, EARLY_ROWS_WAIT_MS))]))
  : undefined;
void mountCode.then(async ({ mount }) => {
  await beforeMount;
  mount(providers, started, { hydrateLogin: prerenderedLogin });
});
