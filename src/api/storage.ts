/**
 * An account's storage quota (docs/api.md "Storage quota"): what it holds, the bound, and the words
 * of a refusal, shared by the service (which enforces it) and the console (which shows the usage).
 */
import type { Static } from "typebox";
import type { Role } from "./types";
import type { accountStorageSchema } from "./schemas/storage";
import { RECOVERY_DAYS } from "./recover";

/** GET accounts/{id}/storage: bytes used (tests, downloads, avatars) and the quota. */
export type AccountStorage = Static<typeof accountStorageSchema>;

export const accountStoragePath = (accountId: string) => `accounts/${encodeURIComponent(accountId)}/storage`;

/** Who may read an account's storage: super admins any account's, admins their own account's. */
export const mayReadAccountStorage = (actor: { role: Role; accountId: string }, accountId: string): boolean =>
  actor.role === "SuperAdmin" || (actor.role === "Admin" && actor.accountId === accountId);

/** Bytes for people, in binary units as everywhere in the product: 1536 → "1.5 KB", 5 GiB → "5 GB". */
export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1).replace(/\.0$/, "")} ${units[unit]}`;
}

/** What would go over the quota, in the refusal's words. */
export type StorageNeed = "file" | "image" | "zip";

/** A new avatar adds what it is larger than the one it replaces. */
const NEEDS: Record<StorageNeed, string> = {
  file: "this file needs",
  image: "this image adds",
  zip: "this zip needs about",
};

/** How room is made, per need: a zip is also made smaller by choosing fewer tests. */
const ROOM = `Delete files or tests you no longer need to make room (a deleted test's files count until it is purged, ${RECOVERY_DAYS} days after its deletion).`;
const REMEDIES: Record<StorageNeed, string> = {
  file: ROOM,
  image: `Choose a smaller image, or ${ROOM.charAt(0).toLowerCase()}${ROOM.slice(1)}`,
  zip: `Choose fewer tests, wait for the account's ready bulk downloads to expire, or ${ROOM.charAt(0).toLowerCase()}${ROOM.slice(1)}`,
};

/**
 * The refusal at the quota (409): what is used, the limit, what the request needs and what to do.
 * "This account has used 4.9 GB of its 5 GB of storage, and this file needs 20 MB. Delete files…"
 */
export const storageFullMessage = (used: number, quota: number, need: StorageNeed, bytes: number): string =>
  `This account has used ${formatBytes(used)} of its ${formatBytes(quota)} of storage, and ${NEEDS[need]} ${formatBytes(bytes)}. ${REMEDIES[need]}`;

/** The refusal at the bound on an account's zips (409). */
export const tooManyAccountZipsMessage = (bound: number, expiryHours: number): string =>
  `This account already has ${bound} bulk downloads ready or being built, the most it may keep. Each is deleted ${expiryHours} hours after it is ready: wait for one to expire, then try again.`;
