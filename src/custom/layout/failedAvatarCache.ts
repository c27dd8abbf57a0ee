import { FAILED_AVATAR_CACHE_DAYS, FAILED_AVATAR_CACHE_SIZE, STORAGE_KEYS } from "../../config";

const MAX_AGE_MS = FAILED_AVATAR_CACHE_DAYS * 24 * 60 * 60 * 1000;

type Entries = Record<string, number>;

/**
 * Remembers avatar sources that failed to load (spec §9: 20 sources for 7 days), so a broken
 * image is not requested again on every render and the initials show at once.
 */
export function createFailedAvatarCache(storage: Pick<Storage, "getItem" | "setItem">, now: () => number = Date.now) {
  const read = (): Entries => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.failedAvatars) ?? "{}");
      return parsed && typeof parsed === "object" ? (parsed as Entries) : {};
    } catch {
      return {};
    }
  };
  const fresh = (entries: Entries): [string, number][] =>
    Object.entries(entries).filter(([, failedAt]) => typeof failedAt === "number" && now() - failedAt < MAX_AGE_MS);

  return {
    has(src: string): boolean {
      return fresh(read()).some(([key]) => key === src);
    },
    add(src: string): void {
      const kept = fresh(read())
        .filter(([key]) => key !== src)
        .sort((a, b) => b[1] - a[1])
        .slice(0, FAILED_AVATAR_CACHE_SIZE - 1);
      storage.setItem(STORAGE_KEYS.failedAvatars, JSON.stringify(Object.fromEntries([[src, now()], ...kept])));
    },
  };
}

export type FailedAvatarCache = ReturnType<typeof createFailedAvatarCache>;
