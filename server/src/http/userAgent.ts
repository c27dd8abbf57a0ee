import type { IncomingHttpHeaders } from "node:http";

export interface ClientDescription {
  application?: string;
  browser?: string;
  /** The header as sent, when it is not the console's JSON. */
  raw?: string;
}

const MAX_LOGGED_LENGTH = 300;

const firstValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

const shortText = (value: unknown): string | undefined =>
  typeof value === "string" ? value.slice(0, MAX_LOGGED_LENGTH) : undefined;

/**
 * Which client sent a request. The console sends JSON {browser, application} in X-User-Agent
 * as well as User-Agent, because Chromium ignores a User-Agent set by a page; other clients send
 * an ordinary User-Agent string.
 */
export function describeClient(headers: IncomingHttpHeaders): ClientDescription {
  const header = firstValue(headers["x-user-agent"]) ?? firstValue(headers["user-agent"]);
  if (header === undefined || header === "") return {};
  // Only the console's JSON is parsed: an ordinary user agent string would throw, on every request.
  if (!header.trimStart().startsWith("{")) return { raw: header.slice(0, MAX_LOGGED_LENGTH) };
  try {
    const parsed: unknown = JSON.parse(header);
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
      const { application, browser } = parsed as Record<string, unknown>;
      return { application: shortText(application), browser: shortText(browser) };
    }
  } catch {
    // Not JSON: an ordinary user agent string.
  }
  return { raw: header.slice(0, MAX_LOGGED_LENGTH) };
}

const CLIENT_MAX_LENGTH = 120;

/**
 * The client as the Activity Feed names it: "Admin Portal · Chrome 131" for the console,
 * the user agent as sent for any other client, null when the request said nothing.
 */
export function clientName(headers: IncomingHttpHeaders): string | null {
  const { application, browser, raw } = describeClient(headers);
  const name = raw ?? [application, browser].filter((part) => part !== undefined && part !== "").join(" · ");
  return name === "" ? null : name.slice(0, CLIENT_MAX_LENGTH);
}
