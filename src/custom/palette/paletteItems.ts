/**
 * What the command palette offers, as plain data and pure functions (the palette draws them):
 * the screens and actions a role may open, the records the service found, the recent picks, and
 * how what is typed filters and orders them into groups.
 */
import { SEARCH_KINDS, type SearchKind, type SearchResult } from "../../api/search";
import type { AccessQuery } from "../../access/accessRules";
import { paths } from "../../resources/shared/paths";
import type { GraceWrite } from "../../access/graceWrites";

/** An action the palette may offer: a dialog the palette opens, or a page. */
export interface PaletteAction {
  id: PaletteActionId;
  /** Its words: the same message as the button it stands for. */
  label: string;
  /** What authProvider.canAccess is asked before it is offered (asked as the page would: no record). */
  access: Omit<AccessQuery, "record">;
  /** A page that is the action (upload firmware); otherwise the palette opens its dialog. */
  path?: string;
  /** The write it ends in, for those people of a read-only (grace) account may be offered. */
  write?: GraceWrite;
  /** Offered only while tests are selected (the gallery's selection); its label counts them. */
  onSelection?: true;
}

export type PaletteActionId =
  | "newAccount"
  | "registerDevice"
  | "inviteUser"
  | "newDiscount"
  | "uploadFirmware"
  | "addLocation"
  | "downloadSelected";

/**
 * The actions, in the order offered; each only to the roles canAccess lets do it, and not while the
 * grace period refuses its write (the page's own button shows why; the palette offers what can be
 * done now).
 */
export const PALETTE_ACTIONS: readonly PaletteAction[] = [
  { id: "newAccount", label: "resources.accounts.create", access: { resource: "accounts", action: "create" } },
  {
    id: "inviteUser",
    label: "resources.users.invite.button",
    access: { resource: "users", action: "invite" },
    write: "POST /api/invitations",
  },
  { id: "registerDevice", label: "resources.devices.create", access: { resource: "devices", action: "create" } },
  {
    id: "uploadFirmware",
    label: "screens.firmwareUpload",
    access: { resource: "firmware", action: "create" },
    path: paths.firmwareUpload,
  },
  { id: "newDiscount", label: "resources.discounts.create", access: { resource: "discounts", action: "create" } },
  {
    id: "addLocation",
    label: "screens.addNewLocation",
    access: { resource: "businesses", action: "addLocation" },
    path: paths.addLocation,
    write: "POST /api/businesses",
  },
  {
    id: "downloadSelected",
    label: "palette.downloadSelected",
    access: { resource: "tests", action: "bulkDownload" },
    write: "POST /api/bulk-downloads",
    onSelection: true,
  },
];

/** Pages that are actions (offered as actions, not again among the screens). */
export const ACTION_PATHS: ReadonlySet<string> = new Set(
  PALETTE_ACTIONS.flatMap((action) => (action.path ? [action.path] : [])),
);

/** One option of the palette. `key` is unique across every group (the recent list remembers by it). */
export type PaletteItem =
  | { type: "screen"; key: string; label: string; path: string }
  | { type: "action"; key: string; label: string; action: PaletteActionId; path?: string }
  | { type: "record"; key: string; label: string; kind: SearchKind; id: string; detail: string; path: string };

export type PaletteGroupId = "recent" | "screens" | "actions" | SearchKind;

export interface PaletteGroup {
  id: PaletteGroupId;
  items: PaletteItem[];
}

/** How many picks the palette remembers (most recent first). */
export const RECENT_LIMIT = 5;
/**
 * Records are searched from this many characters on (the screens and actions from the first): the
 * service's trigram indexes match from three, and shorter text scans every record a super admin
 * may see (docs/api.md "Records search").
 */
export const RECORD_SEARCH_MIN_LENGTH = 3;

/** A record's page in the console (spec §2's routes). */
export function recordPath(kind: SearchKind, id: string): string {
  switch (kind) {
    case "accounts":
      return paths.account(id);
    case "businesses":
      return paths.business(id);
    case "users":
      return paths.user(id);
    case "devices":
      return paths.device(id);
    case "tests":
      return `/gallery/item/${encodeURIComponent(id)}`;
  }
}

export const screenItem = (path: string, label: string): PaletteItem => ({
  type: "screen",
  key: `screen:${path}`,
  label,
  path,
});

export const actionItem = (action: PaletteAction, label: string): PaletteItem => ({
  type: "action",
  key: `action:${action.id}`,
  label,
  action: action.id,
  ...(action.path ? { path: action.path } : {}),
});

export const recordItem = (result: SearchResult): PaletteItem => ({
  type: "record",
  key: `${result.kind}:${result.id}`,
  label: result.title,
  kind: result.kind,
  id: result.id,
  detail: result.detail,
  path: recordPath(result.kind, result.id),
});

/**
 * How well a label matches what was typed (lower is better), or null: the label starts with it (0),
 * a word of it does (1), it holds it anywhere (2). Any case; spaces around the text ignored.
 */
export function matchRank(label: string, typed: string): number | null {
  const text = typed.trim().toLowerCase();
  if (text === "") return 0;
  const name = label.toLowerCase();
  const at = name.indexOf(text);
  if (at < 0) return null;
  if (at === 0) return 0;
  return new RegExp(`(^|[^\\p{L}\\p{N}])${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "u").test(name) ? 1 : 2;
}

/** The items matching what was typed, best first, in their own order otherwise. */
export function filterItems(items: readonly PaletteItem[], typed: string): PaletteItem[] {
  return items
    .map((item, index) => ({ item, index, rank: matchRank(item.label, typed) }))
    .filter((entry): entry is { item: PaletteItem; index: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.item);
}

/** A pick put first among the remembered ones (once, at most RECENT_LIMIT kept). */
export function remember(recent: readonly PaletteItem[], picked: PaletteItem): PaletteItem[] {
  return [picked, ...recent.filter((item) => item.key !== picked.key)].slice(0, RECENT_LIMIT);
}

/** Remembered picks read back from storage: only well-formed items (anything else is dropped). */
export function readRecent(stored: unknown): PaletteItem[] {
  if (!Array.isArray(stored)) return [];
  return stored
    .filter((item): item is PaletteItem => {
      const candidate = item as Partial<PaletteItem> | null;
      return (
        typeof candidate === "object" &&
        candidate !== null &&
        typeof candidate.key === "string" &&
        typeof candidate.label === "string" &&
        (candidate.type === "screen" || candidate.type === "action" || candidate.type === "record")
      );
    })
    .slice(0, RECENT_LIMIT);
}

/**
 * The palette's groups for what was typed: the recent picks first (those still offered: a screen
 * or action the role has lost is not), then screens, actions, and the records kind by kind. An
 * item shows once, in its first group. Empty groups are left out.
 */
export function paletteGroups({
  typed,
  recent,
  screens,
  actions,
  records,
}: {
  typed: string;
  recent: readonly PaletteItem[];
  screens: readonly PaletteItem[];
  actions: readonly PaletteItem[];
  records: readonly PaletteItem[];
}): PaletteGroup[] {
  const offered = new Set([...screens, ...actions].map((item) => item.key));
  const stillOffered = recent.filter((item) => item.type === "record" || offered.has(item.key));
  const recentShown = filterItems(stillOffered, typed);
  const shown = new Set(recentShown.map((item) => item.key));
  const fresh = (items: PaletteItem[]) => items.filter((item) => !shown.has(item.key));
  const groups: PaletteGroup[] = [
    { id: "recent", items: recentShown },
    { id: "screens", items: fresh(filterItems(screens, typed)) },
    { id: "actions", items: fresh(filterItems(actions, typed)) },
    ...SEARCH_KINDS.map((kind) => ({
      id: kind,
      items: fresh(records.filter((item) => item.type === "record" && item.kind === kind)),
    })),
  ];
  return groups.filter((group) => group.items.length > 0);
}
