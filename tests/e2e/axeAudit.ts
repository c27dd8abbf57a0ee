/**
 * Accessibility in every journey (issue 12, item 7): axe-core audits each page a journey shows a
 * person, and the journey fails on any serious or critical violation, naming the rule, the element
 * and the page.
 *
 * When a page is audited — after the journey itself has waited for what a person sees:
 *  - the first time a journey waits on something (`locator.waitFor`) or lands (`page.goto`,
 *    `reload`, `waitForURL`, `goBack`) after the path changed (a new page; a changed query string
 *    alone — a list's filter — is the same page);
 *  - at every screenshot (a state the journey shows on purpose: a dialog, a filtered list…);
 *  - before the journey closes its context, if the page it ended on was not audited yet.
 * Before each audit the page settles: no indeterminate progress bar, no loading skeleton, no
 * finite animation running (a dialog fading in would read as low contrast). A page that does not
 * settle within a few seconds is audited as it is — that is what a person sees too.
 */
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Locator, Page } from "playwright-core";

/** The impacts that fail a journey. */
const BLOCKING_IMPACTS = new Set(["serious", "critical"]);
const SETTLE_TIMEOUT_MS = 5000;

/**
 * Rules axe leaves off by default that the audit runs too (issue 25): WCAG 2.2 AA's (axe 4.13's
 * `wcag22aa` tag holds one, `target-size`: 24 by 24 px, or spaced that far apart) and label in name
 * (WCAG 2.5.3, `label-content-name-mismatch`, tagged experimental in axe: a control named by
 * aria-label says its visible text). Every other rule runs as axe's defaults say.
 */
export const EXTRA_RULES = ["target-size", "label-content-name-mismatch"];
const EXTRA_RULES_ON = Object.fromEntries(EXTRA_RULES.map((rule) => [rule, { enabled: true }]));

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  target: string;
  url: string;
}

/** Errors that mean the page moved on while it was being audited: the new page is audited later. */
const LEFT_THE_PAGE = /Execution context was destroyed|navigat|Target (page, context or browser )?(has been )?closed/i;

function pageKey(url: string): string | null {
  if (!/^https?:/.test(url)) return null;
  const { origin, pathname } = new URL(url);
  return origin + pathname;
}

export class PageAuditor {
  private auditedKey: string | null = null;
  private readonly findings = new Map<string, AxeFinding>();
  private readonly failures: string[] = [];
  private running: Promise<void> | null = null;

  constructor(readonly page: Page) {}

  /** The path changed since the last audit. */
  get pending(): boolean {
    const key = pageKey(this.page.url());
    return key !== null && key !== this.auditedKey && !this.page.isClosed();
  }

  async auditIfPending(): Promise<void> {
    if (this.pending) await this.audit();
  }

  async audit(): Promise<void> {
    // One audit at a time per page (a journey may wait on two things at once).
    while (this.running) await this.running;
    if (this.page.isClosed() || pageKey(this.page.url()) === null) return;
    this.running = this.run().finally(() => {
      this.running = null;
    });
    await this.running;
  }

  private async run(): Promise<void> {
    const key = pageKey(this.page.url());
    try {
      await settle(this.page);
      // Colours are read at rest: a transition that starts between the settling and the run (a
      // button enabled as its data arrives) would otherwise be read half-way, grey under white.
      await this.page.evaluate(STILL);
      const results = await new AxeBuilder({ page: this.page })
        // The classic run: axe in the page itself (and its same-origin frames), without the extra blank
        // tab the partial run opens — a journey counting its tabs or downloads must not see ours.
        .setLegacyMode(true)
        // Violations only: axe still runs every rule on every node, but stops collecting each
        // passing node's details, which the audit never reads (a fifth of its time).
        .options({ rules: EXTRA_RULES_ON, resultTypes: ["violations"] })
        .analyze()
        .finally(() => this.page.evaluate(MOVING).catch(() => undefined));
      if (pageKey(this.page.url()) !== key) return; // It moved on during the run: audit the new page later.
      this.auditedKey = key;
      for (const violation of results.violations) {
        if (!violation.impact || !BLOCKING_IMPACTS.has(violation.impact)) continue;
        for (const node of violation.nodes) {
          const target = node.target.map(String).join(" >>> ");
          // The first line of what axe says to fix ("insufficient color contrast of 3.07 (…)").
          const detail = node.failureSummary?.split("\n")[1]?.trim();
          const found: AxeFinding = {
            rule: violation.id,
            impact: violation.impact,
            help: detail ? `${violation.help}: ${detail}` : violation.help,
            target,
            url: results.url,
          };
          this.findings.set(`${found.rule}|${target}|${pageKey(results.url)}`, found);
        }
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (this.page.isClosed() || LEFT_THE_PAGE.test(message)) return;
      this.failures.push(`axe could not run on ${this.page.url()}: ${message}`);
    }
  }

  /** What the journey must answer for: the violations found and any audit that could not run. */
  report(): string | null {
    if (this.findings.size === 0 && this.failures.length === 0) return null;
    const lines = [...this.findings.values()].map(
      (f) => `  - [${f.impact}] ${f.rule} (${f.help})\n      element: ${f.target}\n      page: ${f.url}`,
    );
    return [...lines, ...this.failures.map((failure) => `  - ${failure}`)].join("\n");
  }

  clear(): void {
    this.findings.clear();
    this.failures.length = 0;
  }
}

/**
 * Waits (bounded) until nothing on the page is still loading or moving. Spinners that run forever
 * (CSS infinite animations) do not count as moving; an indeterminate progress bar counts as loading.
 */
async function settle(page: Page): Promise<void> {
  // Polled inside the page by one evaluate (the DevTools protocol, which the page's CSP allows);
  // page.waitForFunction would compile the test with eval, which the console's policy refuses.
  await page.evaluate(settledWithin(SETTLE_TIMEOUT_MS)).catch((error: unknown) => {
    // A closed page is handled by the caller; a page that navigated away is audited when it lands.
    if (page.isClosed()) throw error;
  });
}

/** Resolves once SETTLED holds, or after `ms` (not settled in time: audit what is shown). */
const settledWithin = (ms: number) => `new Promise((resolve) => {
  const deadline = Date.now() + ${ms};
  const check = () => (${SETTLED} || Date.now() > deadline ? resolve(undefined) : setTimeout(check, 100));
  check();
})`;

/**
 * Waits until SETTLED holds, polling inside the page. Not page.waitForFunction: its polling
 * evaluates the text with eval, which the console's CSP refuses, so it failed whenever the page was
 * not settled at the first look. A limit for what never settles, not a speed goal.
 */
export const waitUntilSettled = (page: Page, limitMs = 60_000) =>
  page.evaluate(`new Promise((resolve, reject) => {
  const deadline = Date.now() + ${limitMs};
  const check = () =>
    ${SETTLED} ? resolve(true) : Date.now() > deadline ? reject(new Error("The page did not settle")) : setTimeout(check, 50);
  check();
})`);

/**
 * The page's settled test, as source text: a function from this file would be transpiled with
 * helpers (esbuild's __name) that do not exist in the page.
 */
export const SETTLED = `(() => {
  const shown = (element) => {
    if (element.getClientRects().length === 0) return false;
    const style = getComputedStyle(element);
    return style.visibility !== "hidden" && style.display !== "none";
  };
  const content = document.querySelector("main, [role=main], [role=dialog], h1");
  if (!content || !shown(content)) return false;
  const loading = document.querySelectorAll("[role=progressbar]:not([aria-valuenow]), .MuiSkeleton-root, [aria-busy=true]");
  if ([...loading].some(shown)) return false;
  return document.getAnimations().every((animation) => {
    if (animation.playState !== "running") return true;
    const end = animation.effect ? animation.effect.getComputedTiming().endTime : Infinity;
    return end === Infinity;
  });
})()`;

/** Transitions off for the audit (a constructed sheet: no inline <style> for a CSP to refuse), and back on. */
const STILL = `(() => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync("*, *::before, *::after { transition: none !important; }");
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  window.__axeStill = sheet;
})()`;
const MOVING = `(() => {
  document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== window.__axeStill);
})()`;

const auditors = new WeakMap<Page, PageAuditor>();

export function auditorOf(page: Page): PageAuditor | undefined {
  return auditors.get(page);
}

let patched = false;

/**
 * The journeys' own waits become audit points: Locator.waitFor and the Page's landings. Patched
 * once per worker, on the classes playwright-core hands out; pages without an auditor are untouched.
 */
function patchPlaywright(page: Page): void {
  if (patched) return;
  patched = true;
  const locatorProto = Object.getPrototypeOf(page.locator("body")) as Locator;
  const waitFor = locatorProto.waitFor;
  locatorProto.waitFor = async function (this: Locator, ...args: Parameters<Locator["waitFor"]>) {
    await waitFor.apply(this, args);
    await auditors.get(this.page())?.auditIfPending();
  };

  const pageProto = Object.getPrototypeOf(page) as Page;
  for (const name of ["goto", "reload", "waitForURL", "goBack"] as const) {
    const original = pageProto[name] as (...args: unknown[]) => Promise<unknown>;
    (pageProto as unknown as Record<string, unknown>)[name] = async function (this: Page, ...args: unknown[]) {
      const result = await original.apply(this, args);
      await auditors.get(this)?.auditIfPending();
      return result;
    };
  }
}

/**
 * Audits every page of this context as the journey shows it; closing the context first audits the
 * page it ended on. The auditor's report is read by the journey's afterEach (tests/e2e/journey.ts).
 */
export function auditPage(context: BrowserContext, page: Page): PageAuditor {
  patchPlaywright(page);
  const auditor = new PageAuditor(page);
  auditors.set(page, auditor);
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext["close"]>) => {
    await auditor.auditIfPending();
    return close(...args);
  };
  return auditor;
}
