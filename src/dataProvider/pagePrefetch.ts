/**
 * A page's first data asked for before the page has drawn (issue 13). React draws a list page
 * (layout, filters, table) before react-admin's query for its rows leaves: ~0.1 s after a menu
 * click, ~0.5 s into a cold load after start-up's calls were answered. Here the getList calls a page
 * made right after it opened last time are remembered (per user and path, in the browser's storage
 * like react-admin's own list params), and asked again the moment the page is asked for — a menu
 * click, or start-up ready on that address. When the page then asks for the very same list, it gets
 * that answer (or the request under way) instead of a second request. When it asks for something
 * else (the user changed the sort on another device), the page makes its own call as it always did:
 * the remembered call only costs one request.
 */
import type { GetListParams, GetListResult } from "react-admin";

/** The calls a page makes within this long of its first one are its first data (later: the user at work). */
export const FIRST_DATA_MS = 1500;
/** An answer asked for ahead and not taken within this long is dropped (the page never asked). */
export const PREFETCH_KEPT_MS = 10_000;
/** Remembered pages per user, the most recent kept; a page's first calls, at most. */
const MAX_PAGES = 20;
const MAX_CALLS = 3;

export const PAGE_PREFETCH_KEY = "page-first-data";

interface RememberedCall {
  resource: string;
  params: GetListParams;
}

type Remembered = { userId: string; pages: Record<string, RememberedCall[]> };

export interface PagePrefetchDeps {
  storage: Storage;
  /** The signed-in user's id ("" when nobody is). */
  userId: () => string;
  /** The address the console shows. */
  pathname: () => string;
  now?: () => number;
  /** What a page asks for first when nothing is remembered of it (src/access/declaredFirstData.ts). */
  declared?: (path: string) => RememberedCall | undefined;
}

type GetList = (resource: string, params: GetListParams) => Promise<GetListResult>;
/** A getList that may leave a call to the page (undefined: not asked ahead). */
type AskAhead = (resource: string, params: GetListParams) => Promise<GetListResult> | undefined;

/** A list asked for ahead of its page, and its answer. */
export interface AskedAhead {
  resource: string;
  answer: Promise<GetListResult>;
}

/** The call's identity: what react-admin asks for, without the abort signal each query brings. */
function callKey(resource: string, { signal: _signal, ...params }: GetListParams): string {
  return JSON.stringify([resource, params]);
}

export type PagePrefetch = ReturnType<typeof createPagePrefetch>;

export function createPagePrefetch({
  storage,
  userId,
  pathname,
  now = () => Date.now(),
  declared = () => undefined,
}: PagePrefetchDeps) {
  // Keyed by the user too: an answer asked for one user's page is never another's, even when a
  // sign-out and a sign-in in the same tab come within PREFETCH_KEPT_MS.
  const ahead = new Map<string, { answer: Promise<GetListResult>; at: number }>();
  const aheadKey = (resource: string, params: GetListParams) => `${userId()}\n${callKey(resource, params)}`;
  let current: { path: string; since: number } | null = null;

  const read = (): Remembered => {
    try {
      const stored = JSON.parse(storage.getItem(PAGE_PREFETCH_KEY) ?? "null") as Remembered | null;
      if (stored && stored.userId === userId() && typeof stored.pages === "object") return stored;
    } catch {
      // unreadable: start again
    }
    return { userId: userId(), pages: {} };
  };

  const remember = (resource: string, params: GetListParams) => {
    const path = pathname();
    const at = now();
    const fresh = current?.path !== path;
    if (fresh) current = { path, since: at };
    else if (at - current!.since > FIRST_DATA_MS) return;
    const remembered = read();
    const { signal: _signal, ...kept } = params;
    const calls = fresh ? [] : (remembered.pages[path] ?? []);
    if (
      calls.length >= MAX_CALLS ||
      calls.some((call) => callKey(call.resource, call.params) === callKey(resource, kept))
    )
      return;
    // Re-inserted last: the most recently opened pages are the ones kept.
    const { [path]: _previous, ...others } = remembered.pages;
    const pages = { ...others, [path]: [...calls, { resource, params: kept }] };
    const names = Object.keys(pages);
    for (const name of names.slice(0, Math.max(0, names.length - MAX_PAGES))) delete pages[name];
    try {
      storage.setItem(PAGE_PREFETCH_KEY, JSON.stringify({ userId: remembered.userId, pages }));
    } catch {
      // storage full or unavailable: the page simply loads as before
    }
  };

  return {
    /**
     * Asks now for what the page at `path` asked for first last time, or else what it declares;
     * gives those calls' answers (the early rows draw the first: custom/startup/earlyRows). An
     * answer already asked for is given again; a call `getList` leaves to the page is not asked.
     */
    prefetch(path: string, getList: AskAhead): AskedAhead[] {
      if (!userId()) return [];
      const at = now();
      for (const [key, entry] of ahead) if (at - entry.at > PREFETCH_KEPT_MS) ahead.delete(key);
      const declaredCall = declared(path);
      const calls = read().pages[path] ?? (declaredCall ? [declaredCall] : []);
      return calls.flatMap(({ resource, params }) => {
        const key = aheadKey(resource, params);
        const asked = ahead.get(key);
        if (asked) return [{ resource, answer: asked.answer }];
        const answer = getList(resource, params);
        if (!answer) return [];
        // Nobody may ever take it: its failure is the page's to show if the page asks.
        answer.catch(() => undefined);
        ahead.set(key, { answer, at });
        return [{ resource, answer }];
      });
    },

    /**
     * Something was written: an answer asked for ahead may be older than it, so none is handed out
     * (the list asking again after a save gets the service's answer).
     */
    forget(): void {
      ahead.clear();
    },

    /** The page's getList: the answer asked for ahead when it is the same call, else `getList`'s. */
    getList(resource: string, params: GetListParams, getList: GetList): Promise<GetListResult> {
      remember(resource, params);
      const key = aheadKey(resource, params);
      const entry = ahead.get(key);
      ahead.delete(key);
      if (entry && now() - entry.at <= PREFETCH_KEPT_MS) return entry.answer;
      return getList(resource, params);
    },
  };
}
