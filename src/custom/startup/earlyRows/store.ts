/**
 * Where the early rows' frames are kept (custom/startup/earlyRows): in the browser's storage, per
 * person, the most recently drawn lists; signing out removes them (session.ts resetUser).
 */
import { createSessionStore } from "../../../authProvider/session";
import { STORAGE_KEYS } from "../../../config";
import type { Frame } from "./frame";

/** The id of the early rows' overlay while it is on screen. */
export const EARLY_ROWS_ID = "early-rows";

/** Frames kept per person: the most recently drawn lists. */
const MAX_FRAMES = 10;

type Stored = { userId: string; frames: Record<string, Frame> };

export interface EarlyRowsDeps {
  storage: Storage;
  /** The signed-in person's id ("" when nobody is). */
  userId: () => string;
}

/** The browser's storage and session, as the console keeps them. */
export function browserDeps(): EarlyRowsDeps {
  const session = createSessionStore(window.localStorage);
  return { storage: window.localStorage, userId: () => session.getUser().id };
}

function read({ storage, userId }: EarlyRowsDeps): Stored {
  try {
    const stored = JSON.parse(storage.getItem(STORAGE_KEYS.earlyRows) ?? "null") as Stored | null;
    if (stored && stored.userId === userId() && typeof stored.frames === "object") return stored;
  } catch {
    // unreadable: start again
  }
  return { userId: userId(), frames: {} };
}

/** How the console lays its pages out now: the window's width, and the menu open or folded (its stored state). */
export const layoutNow = (storage: Storage) => `${window.innerWidth} ${storage.getItem(STORAGE_KEYS.drawerOpen) ?? ""}`;

/** The frame `path` was last drawn in, laid out as now, for this person. */
export function frameFor(path: string, deps: EarlyRowsDeps = browserDeps()): Frame | undefined {
  const frame = read(deps).frames[path];
  return frame && frame.layout === layoutNow(deps.storage) ? frame : undefined;
}

/** Keeps `frame` as the one its list was last drawn in. */
export function saveFrame(frame: Frame, deps: EarlyRowsDeps = browserDeps()): void {
  const stored = read(deps);
  const { [frame.path]: _previous, ...others } = stored.frames;
  const frames = { ...others, [frame.path]: frame };
  const paths = Object.keys(frames);
  for (const old of paths.slice(0, Math.max(0, paths.length - MAX_FRAMES))) delete frames[old];
  try {
    deps.storage.setItem(STORAGE_KEYS.earlyRows, JSON.stringify({ userId: stored.userId, frames }));
  } catch {
    // storage full or unavailable: the next visit draws nothing early
  }
}
