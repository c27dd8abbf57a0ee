/**
 * How often a list is asked again while its records keep changing: at once for the first change,
 * then at most once a gap, the changes of a gap folded into one refresh at its end (a device
 * uploading a test's photos one by one, an AI job moving on, must not make the gallery ask again
 * for each).
 */
const REFRESH_GAP_MS = 1_000;

export interface RefreshPace<K> {
  changed(key: K): void;
  /** Drops what is waiting (the page is gone). */
  cancel(): void;
}

export function refreshPace<K>(refresh: (key: K) => void, gapMs = REFRESH_GAP_MS): RefreshPace<K> {
  /** The keys inside a gap, and whether a change came during it. */
  const gaps = new Map<K, { timer: ReturnType<typeof setTimeout>; changedSince: boolean }>();

  const open = (key: K) => {
    const gap = {
      changedSince: false,
      timer: setTimeout(() => {
        if (!gap.changedSince) return void gaps.delete(key);
        refresh(key);
        open(key);
      }, gapMs),
    };
    gaps.set(key, gap);
  };

  return {
    changed(key) {
      const gap = gaps.get(key);
      if (gap) {
        gap.changedSince = true;
        return;
      }
      refresh(key);
      open(key);
    },
    cancel() {
      for (const gap of gaps.values()) clearTimeout(gap.timer);
      gaps.clear();
    },
  };
}
