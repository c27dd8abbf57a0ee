import { DEVICE_TYPES } from "../../api/tests";

/** Spec §3's device types as choices (code → name), in code order. */
export const DEVICE_TYPE_CHOICES = Object.entries(DEVICE_TYPES)
  .map(([code, name]) => ({ id: Number(code), name }))
  .sort((a, b) => a.id - b.id);
