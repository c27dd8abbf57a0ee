import { differenceInCalendarDays, isValid, parse } from "date-fns";
import type { Role } from "../../api/types";
import { canAccessRoles, type AccessRole } from "../../access/roles";
import { CHANGE_LOG_DATE_FORMAT, CHANGE_LOG_NEW_DAYS } from "../../config";

/** A change-log entry (spec §3): date is MM-DD-YYYY; no hasAccess list means everyone. */
export interface ChangeLogEntry {
  title: string;
  date: string;
  content: string;
  featurePath?: string;
  hasAccess?: AccessRole[];
}

export function entryDate(entry: ChangeLogEntry): Date {
  const date = parse(entry.date, CHANGE_LOG_DATE_FORMAT, new Date(0));
  if (!isValid(date)) throw new Error(`Change-log entry "${entry.title}" has an invalid date: ${entry.date}`);
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
