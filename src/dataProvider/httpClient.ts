/**
 * The one HTTP client every call of the console goes through (spec §4, §7, §8).
 *
 * - base URL + path; the bearer token on every call when one is stored (§7: health and refresh
 *   included); the user-agent pair (§7); JSON or FormData bodies; answers read to their end
 * - refresh before sending when the access token expires within the margin (§9: 15 s)
 * - 401 token_expired: one refresh shared by every concurrent call, then each call retries once
 * - refresh failure: clear stored data but the last drawer open time, end the session (→ /login)
 * - 502: retried once; 499 (deleted user): clear local storage, end the session
 * - other errors: react-admin's HttpError, message from the body or "An error occurred"
 * - default status check 2xx, no timeout
 *
 * react-admin's own fetchUtils.fetchJson does none of the session work, so ra-data-simple-rest is
 * given this client's fetchJson adapter instead (see ./index.ts).
 */
import { HttpError, type fetchUtils } from "react-admin";
import { DELETED_USER_STATUS, TOKEN_EXPIRED } from "../api/types";
import { API_BASE_URL } from "../config";
import { startMessages } from "../i18n/startMessages";
import { createSessionStore, type SessionStore } from "../authProvider/session";
import { createTokenRefresher, expiresWithin, RefreshError, type TokenRefresher } from "../authProvider/tokenRefresher";
import { currentUserAgent, userAgentHeaderValue } from "./userAgent";

export type SessionEndReason = "refresh_failed" | "user_deleted";

export interface HttpClientDeps {
  /** Default config.API_BASE_URL ("/api"). */
  baseUrl?: string;
  /** Default the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  session?: SessionStore;
  /** Milliseconds since the epoch; injectable for the early-refresh rule. */
  now?: () => number;
  /** Default navigator.userAgent. */
  userAgent?: string;
  /** "Go to /login" (§4, §8). Default: a full navigation to /login unless already there. */
  onSessionEnded?: (reason: SessionEndReason) => void;
  /** Default: a refresher over the same fetch, base URL and session. */
  refresher?: TokenRefresher;
}

export interface RequestOptions {
  method?: string;
  /** A JSON body: serialized, with Content-Type application/json. */
  json?: unknown;
  /** A raw body (FormData for uploads: the browser sets the multipart Content-Type). */
  body?: BodyInit;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** No bearer, no refresh handling: for calls made without a session (login). */
  anonymous?: boolean;
  /**
   * The stored bearer as it is (spec §7: every call carries it), but no refresh before the call and
   * no session handling after it: start-up's health check, which goes before start-up's own refresh.
   */
  storedTokenOnly?: boolean;
  /** Default: 2xx is success. */
  validateStatus?: (status: number) => boolean;
}

/** What react-admin's fetchUtils.fetchJson resolves with; ra-data-simple-rest reads it. */
export interface FetchJsonResult {
  status: number;
  headers: Headers;
  body: string;
  /**
   * Loosely typed on purpose: this is react-admin's own contract (fetchUtils.fetchJson), and
   * ra-data-simple-rest reads json.id and friends from it without knowing the resource's shape.
   */
  json: ReturnType<typeof JSON.parse>;
}

export interface BlobResult {
  blob: Blob;
  /** From Content-Disposition, when the service names the file. */
  fileName: string | null;
  status: number;
  headers: Headers;
}

export interface HttpClient {
  readonly baseUrl: string;
  readonly session: SessionStore;
  readonly refresher: TokenRefresher;
  /** base URL + path ("health" and "/health" both give "/api/health"). */
  url(path: string): string;
  /** The successful Response; throws HttpError otherwise. The caller reads (or cancels) its body. */
  send(path: string, options?: RequestOptions): Promise<Response>;
  /**
   * For a call whose answer the console does not show: sends it, then reads the answer to its end
   * (an unread body keeps the browser's connection busy, and the next requests queue behind it).
   */
  call(path: string, options?: RequestOptions): Promise<void>;
  /** The parsed JSON answer (undefined for an empty body, e.g. 204). */
  json<T>(path: string, options?: RequestOptions): Promise<T>;
  /** A binary answer (zip downloads). */
  blob(path: string, options?: RequestOptions): Promise<BlobResult>;
  /** react-admin's fetchJson signature over an already-resolved URL (ra-data-simple-rest). */
  fetchJson(url: string, options?: fetchUtils.Options): Promise<FetchJsonResult>;
}

const GENERIC_ERROR = startMessages.app.errors.generic;

const isSuccess = (status: number) => status >= 200 && status < 300;

function defaultOnSessionEnded(): void {
  if (typeof window === "undefined") return;
  if (window.location.pathname !== "/login") window.location.assign("/login");
}

/** Reads an error answer: §8 "message is the response body, or An error occurred". */
async function readError(response: Response): Promise<{ message: string; body: unknown }> {
  let text = "";
  try {
    text = await response.text();
  } catch {
    /* an unreadable body is an empty one */
  }
  let body: unknown = text || null;
  let message = text.trim();
  try {
    body = JSON.parse(text);
    const field = typeof body === "object" && body !== null ? (body as Record<string, unknown>).message : undefined;
    message = typeof field === "string" ? field.trim() : "";
  } catch {
    /* not JSON: the text itself is the message */
  }
  return { message: message || GENERIC_ERROR, body };
}

const bodyMessage = (body: unknown): unknown =>
  typeof body === "object" && body !== null ? (body as Record<string, unknown>).message : undefined;

function fileNameFrom(headers: Headers): string | null {
  const disposition = headers.get("Content-Disposition");
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ""));
    } catch {
      /* fall back to the plain form */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  return plain ? (plain[2] ?? plain[1]).trim() : null;
}

export function createHttpClient(deps: HttpClientDeps = {}): HttpClient {
  const baseUrl = (deps.baseUrl ?? API_BASE_URL).replace(/\/+$/, "");
  // Looked up per call so test doubles (msw) installed after creation still apply.
  const fetchImpl: typeof fetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const session = deps.session ?? createSessionStore();
  const now = deps.now ?? Date.now;
  const onSessionEnded = deps.onSessionEnded ?? defaultOnSessionEnded;
  const userAgentValue = userAgentHeaderValue(deps.userAgent ?? currentUserAgent());
  const userAgentHeaders = (): Record<string, string> => ({
    "User-Agent": userAgentValue,
    "X-User-Agent": userAgentValue,
  });

  const url = (path: string) => `${baseUrl}/${path.replace(/^\/+/, "")}`;

  const refresher =
    deps.refresher ??
    createTokenRefresher({ fetch: fetchImpl, url: url("v2/auth/refresh"), session, headers: userAgentHeaders });

  // The shared refresh promise is one object for all concurrent callers: end the session once per
  // failed refresh, not once per waiting call.
  const endedFor = new WeakSet<Promise<string>>();

  const awaitRefresh = async (refresh: Promise<string>): Promise<string> => {
    try {
      return await refresh;
    } catch (error) {
      // A network failure is not the service refusing the refresh token: keep the session so the
      // next call can try again. An answered refusal (or no refresh token at all) ends it.
      if (error instanceof RefreshError && error.reason === "network") throw error;
      if (!endedFor.has(refresh)) {
        endedFor.add(refresh);
        session.clearStoredData({ keepLastDrawerOpenTime: true });
        onSessionEnded("refresh_failed");
      }
      const message = error instanceof Error && error.message ? error.message : GENERIC_ERROR;
      throw new HttpError(message, 401, { message });
    }
  };

  /** The token to send: waits for a refresh in flight, refreshes early when close to expiry. */
  const tokenForRequest = async (): Promise<string> => {
    const pending = refresher.pending();
    if (pending) return awaitRefresh(pending);
    const { token } = session.getUser();
    if (token && expiresWithin(token, now())) return awaitRefresh(refresher.refresh());
    return token;
  };

  const buildInit = (options: RequestOptions, token: string): RequestInit => {
    const headers = new Headers(options.headers);
    for (const [name, value] of Object.entries(userAgentHeaders())) headers.set(name, value);
    if (token) headers.set("Authorization", `Bearer ${token}`);
    let body: BodyInit | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers.set("Content-Type", "application/json");
    } else if (typeof body === "string" && !headers.has("Content-Type")) {
      // react-admin's convention (fetchUtils): a string body is JSON unless said otherwise.
      headers.set("Content-Type", "application/json");
    }
    return { method: options.method ?? "GET", headers, body, signal: options.signal };
  };

  const sendUrl = async (target: string, options: RequestOptions = {}): Promise<Response> => {
    const validateStatus = options.validateStatus ?? isSuccess;
    let retried502 = false;
    let retriedExpired = false;
    for (;;) {
      const token = options.anonymous
        ? ""
        : options.storedTokenOnly
          ? session.getUser().token
          : await tokenForRequest();
      // Network errors and aborts propagate unchanged (react-query relies on AbortError).
      const response = await fetchImpl(target, buildInit(options, token));
      if (validateStatus(response.status)) return response;

      if (response.status === 502 && !retried502) {
        retried502 = true;
        // Release the unread body without waiting on it (some stream implementations never settle).
        void response.body?.cancel().catch(() => undefined);
        continue;
      }
      const { message, body } = await readError(response);
      if (options.storedTokenOnly) throw new HttpError(message, response.status, body);
      if (!options.anonymous && response.status === DELETED_USER_STATUS) {
        // §8: local storage cleared, the last drawer open time too.
        session.clearStoredData();
        onSessionEnded("user_deleted");
        throw new HttpError(message, response.status, body);
      }
      if (!options.anonymous && response.status === 401 && bodyMessage(body) === TOKEN_EXPIRED && !retriedExpired) {
        retriedExpired = true;
        await awaitRefresh(refresher.refreshAfterExpired(token));
        continue;
      }
      throw new HttpError(message, response.status, body);
    }
  };

  const send = (path: string, options?: RequestOptions) => sendUrl(url(path), options);

  const call = async (path: string, options?: RequestOptions): Promise<void> => {
    const response = await send(path, options);
    try {
      await response.arrayBuffer();
    } catch {
      /* the call succeeded; an answer cut short is not its failure */
    }
  };

  const json = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
    const headers = new Headers(options.headers);
    if (!headers.has("Accept")) headers.set("Accept", "application/json");
    const response = await send(path, { ...options, headers });
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };

  const blob = async (path: string, options?: RequestOptions): Promise<BlobResult> => {
    const response = await send(path, options);
    return {
      blob: await response.blob(),
      fileName: fileNameFrom(response.headers),
      status: response.status,
      headers: response.headers,
    };
  };

  const fetchJson = async (target: string, options: fetchUtils.Options = {}): Promise<FetchJsonResult> => {
    // options.user (react-admin's own auth header) is ignored: the session supplies the bearer.
    const headers = new Headers(options.headers);
    if (!headers.has("Accept")) headers.set("Accept", "application/json");
    // ra-data-simple-rest's delete says "Content-Type: text/plain" about a body it never sends; a
    // JSON service refuses that type (400), so Delete failed. No body, no Content-Type.
    if (options.body === undefined || options.body === null) headers.delete("Content-Type");
    const response = await sendUrl(target, {
      method: options.method,
      body: options.body ?? undefined,
      headers,
      signal: options.signal ?? undefined,
    });
    const text = await response.text();
    let parsed: FetchJsonResult["json"];
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON, as fetchUtils.fetchJson tolerates.
    }
    return { status: response.status, headers: response.headers, body: text, json: parsed };
  };

  return { baseUrl, session, refresher, url, send, call, json, blob, fetchJson };
}

/** The console's one client, over the default session and config.API_BASE_URL. */
