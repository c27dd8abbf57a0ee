import { differenceInCalendarDays } from "date-fns";
import type { Role } from "../../api/types";
import { canAccessRoles, type AccessRole } from "../../access/roles";
import { CHANGE_LOG_NEW_DAYS } from "../../config";

/** A change-log entry (spec §3): date is MM-DD-YYYY; no hasAccess list means everyone. */
export interface ChangeLogEntry {
  title: string;
  date: string;
  content: string;
  featurePath?: string;
  hasAccess?: AccessRole[];
}

/** MM-DD-YYYY (config's CHANGE_LOG_DATE_FORMAT), as date-fns' parse read it: 1–2 digit month and day. */
const ENTRY_DATE = /^(\d{1,2})-(\d{1,2})-(\d{1,4})$/;

/**
 * The entry's date, local midnight. Read by hand, not with date-fns' parse: the change log is in
 * every signed-in page's code, and parse brought its whole format grammar along (issue 13).
 */
export function entryDate(entry: ChangeLogEntry): Date {
  const [, month, day, year] = ENTRY_DATE.exec(entry.date)?.map(Number) ?? [];
  const date = new Date(0);
  if (month !== undefined && day !== undefined && year !== undefined) {
    date.setFullYear(year, month - 1, day);
    date.setHours(0, 0, 0, 0);
  }
  // A day or month out of range (02-30) rolls over in Date: refused, as date-fns refused it.
  if (month === undefined || date.getMonth() !== month - 1 || date.getDate() !== day) {
    throw new Error(`Change-log entry "${entry.title}" has an invalid date: ${entry.date}`);
  }
  return date;
}

export function isVisibleTo(entry: ChangeLogEntry, role: Role | null): boolean {
  if (!entry.hasAccess || entry.hasAccess.length === 0) return true;
  return canAccessRoles(entry.hasAccess, role);
}

/** "(New)" marker: the entry is dated within the last 30 days (spec §2, §9). */
export function isNew(entry: ChangeLogEntry, now: Date): boolean {
  const age = differenceInCalendarDays(now, entryDate(entry));
  return age >= 0 && age < CHANGE_LOG_NEW_DAYS;
}

/** The entries a role sees, newest first. */
export function visibleEntries(entries: readonly ChangeLogEntry[], role: Role | null): ChangeLogEntry[] {
  return entries
    .filter((entry) => isVisibleTo(entry, role))
    .sort((a, b) => entryDate(b).getTime() - entryDate(a).getTime());
}

/**
 * Spec §4: 0 if the drawer was opened after the latest entry, else the count of entries from the
 * last 30 days visible to the role. "Latest entry" is the latest one the role can see: an entry
 * hidden from the role must not light its badge.
 */
export function badgeCount(
  entries: readonly ChangeLogEntry[],
  role: Role | null,
  lastOpened: Date | null,
  now: Date,
): number {
  const visible = visibleEntries(entries, role);
  if (visible.length === 0) return 0;
  if (lastOpened && lastOpened.getTime() > entryDate(visible[0]).getTime()) return 0;
  return visible.filter((entry) => isNew(entry, now)).length;
}
