/**
 * A lost device as GET /api/lost-devices answers it (docs/api-resources.md "Lost devices"): the
 * device, when and by whom it was marked lost, and the last test made with it.
 */
import type { Versioned } from "./resources";

export const LOST_DEVICES = "lost-devices";

export interface LostDevice extends Versioned {
  serialNumber: string;
  /** Spec §3's device type code; the console names it. */
  typeCode: number;
  customBoxName: string | null;
  accountId: string;
  accountName: string;
  /** The latest "mark-lost" activity entry; null for a device marked lost before the log. */
  lostAt: string | null;
  lostById: string | null;
  lostByName: string | null;
  /** The last test made with the device (deleted ones left out); null when it made none. */
  lastTestId: string | null;
  lastTestName: string | null;
  lastTestDate: string | null;
}

/** q searches the serial number and custom box name. */
export interface LostDeviceFilter {
  q?: string;
  accountId?: string;
  typeCode?: number;
}
