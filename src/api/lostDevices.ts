/**
 * A lost device as GET /api/lost-devices answers it (docs/api-resources.md "Lost devices"): the
 * device, when and by whom it was marked lost, and the last test made with it.
 */
export const LOST_DEVICES = "lost-devices";

// Declared once, in src/api/contract/lostDevices.ts (its TypeBox schema); this is its type.
export type { LostDevice } from "./contract/lostDevices";
