/**
 * Every business constant of spec §9, named once. Components and pure logic read them here.
 */

export const APP_VERSION = "1.14.2";

export const PRODUCT_NAME: string = import.meta.env?.VITE_PRODUCT_NAME || "Gemtest";
export const PRODUCT_KEY: string = import.meta.env?.VITE_PRODUCT_KEY || "gemtest";
/** Same-origin /api unless the build says otherwise (spec §7: "the base is the provider's host"). */
export const API_BASE_URL: string = (import.meta.env?.VITE_API_BASE_URL || "/api").replace(/\/$/, "");
export const USER_AGENT_APPLICATION = "Admin Portal";

// Dates (spec §9): month/day/year, 12-hour time with AM/PM, combined "date, time".
// date-fns tokens for the spec's MM/DD/yyyy and hh:mm A.
export const DATE_FORMAT = "MM/dd/yyyy";
export const TIME_FORMAT = "hh:mm a";
export const CHANGE_LOG_DATE_FORMAT = "MM-dd-yyyy";

// Periods, in days (the lifecycle's are shared with the service: src/api/lifecycle.ts).
export { GRACE_PERIOD_DAYS, PAST_DUE_DAYS } from "./api/lifecycle";
/** Deleted tests recoverable for 15 days: shared with the service (src/api/recover.ts). */
export { RECOVERY_DAYS as DELETED_TEST_RECOVERY_DAYS } from "./api/recover";
export const CHANGE_LOG_NEW_DAYS = 30;

// Gallery.
export const GALLERY_PAGE_SIZE = 10;
export const GALLERY_COLUMNS = 6;
export const GALLERY_COLUMNS_SMALL = 2;
export const MAX_CONCURRENT_BULK_DOWNLOADS = 1;

// Look.
export const BORDER_RADIUS = 12;
export const AVATAR_SIZE = 100;
export const LOADER_SIZE = 150;

// AI (spec §9): the polling waits in seconds and the stale limit.
export const AI_POLL_WAITS_SECONDS = [3, 1, 1, 3, 3, 5, 7, 2, 1, 2, 2, 2, 2, 5, 5, 5, 5, 5] as const;
export { AI_STALE_JOB_MS } from "./api/ai";
export const AI_CANVAS_WIDTH = 3120;
export const AI_CANVAS_HEIGHT = 4192;

// Session.
export const TOKEN_REFRESH_MARGIN_SECONDS = 15;
export { TEST_NAME_MIN_LENGTH as NAME_MIN_LENGTH } from "./api/rules";

// Notifications.
export const TOAST_AUTO_HIDE_MS = 5000;
export const COPY_SNACKBAR_MS = 750;

// Lightbox.
export const LIGHTBOX_ZOOM_STEP = 0.3;
export const LIGHTBOX_DOUBLE_CLICK_ZOOM = 4;
export const LIGHTBOX_PAN_STEP = 20;
export const LIGHTBOX_ROTATE_DEGREES = 90;

// Failed-avatar cache.
export const FAILED_AVATAR_CACHE_SIZE = 20;
export const FAILED_AVATAR_CACHE_DAYS = 7;

// Spec §9 lists two numeric constants, 260 and 3, without their meaning, and leaves the sidebar
// width unshown: 260 is our sidebar's open width (docs/decisions.md).
export const SIDEBAR_WIDTH = 260;
export const SIDEBAR_CLOSED_WIDTH = 56;

/**
 * localStorage keys (spec §3): the session's record, the side drawer's flag and its last opening
 * (`last-drawer-open-time`, the one key §4 keeps when a refused refresh clears storage), the
 * change-log drawer's last opening (its badge; §3 names no key for it), the failed avatars (§9).
 */
export const STORAGE_KEYS = {
  userInfo: "user-info",
  drawerOpen: "is-left-drawer-opened",
  lastDrawerOpenTime: "last-drawer-open-time",
  changeLogOpenTime: "change-log-open-time",
  failedAvatars: "failed-avatars",
  /** How the person's lists were last drawn (custom/startup/earlyRows): theirs, so it goes when they sign out. */
  earlyRows: "early-rows",
} as const;
