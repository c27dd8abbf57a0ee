/**
 * The user-agent header value of spec §7: JSON with the browser and the application name.
 */
import { USER_AGENT_APPLICATION } from "../config";

// Order matters: Edge, Opera and Samsung Internet also say "Chrome/", Chrome also says "Safari/",
// and the iOS browsers (all WebKit) say "Safari/" with their own token in front.
const BROWSERS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ["Edge", /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /\b(?:OPR|Opera)\/(\d+)/],
  ["Samsung Internet", /\bSamsungBrowser\/(\d+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  // Headless Chrome (automation, previews) says "HeadlessChrome/": still Chrome.
  ["Chrome", /(?:\b|Headless)(?:Chrome|CriOS)\/(\d+)/],
  ["Safari", /\bVersion\/(\d+)(?:[.\d]*)\s(?:Mobile\/\S+\s)?Safari\//],
];

/** A short "name major" for a navigator.userAgent, e.g. "Chrome 156"; the raw string when unknown. */
export function browserName(userAgent: string): string {
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return userAgent;
}

/** The header value: header values must be Latin-1, so anything else in a raw string becomes "?". */
export function userAgentHeaderValue(userAgent: string): string {
  const value = JSON.stringify({ browser: browserName(userAgent), application: USER_AGENT_APPLICATION });
  return value.replace(/[^\x20-\x7e]/g, "?");
}

export function currentUserAgent(): string {
  return typeof navigator !== "undefined" && typeof navigator.userAgent === "string" ? navigator.userAgent : "";
}
