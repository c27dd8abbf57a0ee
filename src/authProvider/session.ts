/**
 * The session store (spec §3, §4): the signed-in user's record under localStorage "user-info".
 *
 * Components read it with useSyncExternalStore(session.subscribe, session.getUser); the HTTP client,
 * the token refresher and the authProvider write it. The Storage is injectable so unit tests run
 * in Node with an in-memory one.
 */
import { isRole, type ApiUser, type Role } from "../api/types";
import { STORAGE_KEYS } from "../config";

/** The user session record of spec §3, plus the few fields of the current user the UI needs. */
export interface SessionUser {
  accountId: string;
  firstName: string;
  id: string;
  isLoggedIn: boolean;
  lastName: string;
  token: string;
  refreshToken: string;
  role: Role | null;
  /** From the current user (GET users/{id}); not part of spec §3's list, kept for the avatar. */
  avatar: string | null;
  /** From the current user; the test-delete rule (§6) compares a Manager's business. */
  businessId: string | null;
  email: string;
}

/** The empty record: what resetUser() leaves and what a first visit reads. */
export const EMPTY_USER: Readonly<SessionUser> = Object.freeze({
  accountId: "",
  firstName: "",
  id: "",
  isLoggedIn: false,
  lastName: "",
  token: "",
  refreshToken: "",
  role: null,
  avatar: null,
  businessId: null,
  email: "",
});

export interface ClearStoredDataOptions {
  /** §4: a failed token refresh clears stored data but keeps the last drawer open time. */
  keepLastDrawerOpenTime?: boolean;
}

export type SessionListener = () => void;

export interface SessionStore {
  /** A stable snapshot: the same object until the stored record changes (useSyncExternalStore). */
  getUser(): SessionUser;
  /** Merges the given fields into the stored record. */
  setUser(patch: Partial<SessionUser>): SessionUser;
  /** Stores a user fetched from the server as the current user (§3), keeping the tokens. */
  setCurrentUser(user: ApiUser): SessionUser;
  /** §4: "reset user (clears to empty)": the stored record goes; reading it gives EMPTY_USER. */
  resetUser(): void;
  /** Clears the whole localStorage (§4, §8), optionally keeping the last drawer open time. */
  clearStoredData(options?: ClearStoredDataOptions): void;
  subscribe(listener: SessionListener): () => void;
}

/** A Map-backed Storage for tests and for environments without localStorage. */
export function createMemoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map<string, string>(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => Array.from(data.keys())[index] ?? null,
    removeItem: (key) => {
      data.delete(key);
    },
    setItem: (key, value) => {
      data.set(key, String(value));
    },
  };
}

function browserStorage(): Storage {
  // Accessing localStorage throws in some privacy modes; Node has none. Fall back to memory so the
  // console still works for the tab's lifetime.
  try {
    if (typeof globalThis.localStorage !== "undefined" && globalThis.localStorage) return globalThis.localStorage;
  } catch {
    /* fall through */
  }
  return createMemoryStorage();
}

const str = (value: unknown): string => (typeof value === "string" ? value : "");
const strOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** Reads a stored record defensively: an old or hand-edited value must not break the console. */
export function parseSessionUser(raw: string | null): SessionUser {
  if (!raw) return { ...EMPTY_USER };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ...EMPTY_USER };
  }
  if (typeof value !== "object" || value === null) return { ...EMPTY_USER };
  const v = value as Record<string, unknown>;
  return {
    accountId: str(v.accountId),
    firstName: str(v.firstName),
    id: str(v.id),
    isLoggedIn: v.isLoggedIn === true,
    lastName: str(v.lastName),
    token: str(v.token),
    refreshToken: str(v.refreshToken),
    role: isRole(v.role) ? v.role : null,
    avatar: strOrNull(v.avatar),
    businessId: strOrNull(v.businessId),
    email: str(v.email),
  };
}

export function createSessionStore(storage: Storage = browserStorage()): SessionStore {
  const listeners = new Set<SessionListener>();
  let cachedRaw: string | null | undefined;
  let cachedUser: SessionUser = { ...EMPTY_USER };

  const notify = () => listeners.forEach((listener) => listener());

  const getUser = (): SessionUser => {
    const raw = storage.getItem(STORAGE_KEYS.userInfo);
    // Re-parse only when the stored text changed: keeps the snapshot stable for React and still
    // sees writes made by another tab or by clearStoredData.
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cachedUser = parseSessionUser(raw);
    }
    return cachedUser;
  };

  const write = (user: SessionUser): SessionUser => {
    storage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
    notify();
    return getUser();
  };

  const setUser = (patch: Partial<SessionUser>) => write({ ...getUser(), ...patch });

  return {
    getUser,
    setUser,
    setCurrentUser: (user) =>
      setUser({
        id: user.id,
        accountId: user.accountId,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        email: user.email,
        avatar: user.avatar,
        businessId: user.businessId,
      }),
    // The empty record is no record: nothing is written back, so after a session ended by
    // clearStoredData (a refused refresh, a 499) the sign-out that follows leaves storage as §4 and
    // §8 say (only last-drawer-open-time, or nothing), and reading gives EMPTY_USER all the same.
    resetUser: () => {
      storage.removeItem(STORAGE_KEYS.userInfo);
      storage.removeItem(STORAGE_KEYS.earlyRows);
      notify();
    },
    clearStoredData: ({ keepLastDrawerOpenTime = false } = {}) => {
      const lastDrawerOpenTime = storage.getItem(STORAGE_KEYS.lastDrawerOpenTime);
      storage.clear();
      if (keepLastDrawerOpenTime && lastDrawerOpenTime !== null) {
        storage.setItem(STORAGE_KEYS.lastDrawerOpenTime, lastDrawerOpenTime);
      }
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      // Another tab signing out or in changes this tab's session too.
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || event.key === STORAGE_KEYS.userInfo) listener();
      };
      const target = typeof window !== "undefined" ? window : undefined;
      target?.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        target?.removeEventListener("storage", onStorage);
      };
    },
  };
}
