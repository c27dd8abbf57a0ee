/**
 * The forced-reset form's pure rules: what it sends for the target chosen (the service refuses any
 * other target's field) and how a reset's target reads.
 */
import {
  FORCED_RESET_FIELDS,
  FORCED_RESET_TARGETS,
  type ForcedReset,
  type ForcedResetCreate,
  type ForcedResetTarget,
} from "../../api/advancedSettings";

const isTarget = (value: unknown): value is ForcedResetTarget =>
  (FORCED_RESET_TARGETS as readonly unknown[]).includes(value);

/**
 * POST forced-resets' body from the form's values: the target and only its own fields, trimmed.
 * The inputs of targets chosen before stay in the form (so switching back finds them) but are
 * not sent.
 */
export function resetBody(values: Record<string, unknown>): ForcedResetCreate {
  const target = isTarget(values.target) ? values.target : "user";
  const body: ForcedResetCreate = { target };
  for (const field of FORCED_RESET_FIELDS[target]) {
    const value = values[field];
    body[field] = typeof value === "string" ? value.trim() : undefined;
  }
  return body;
}

/** The account or the phone a reset's target belongs to, shown under its name; null when none. */
export function targetDetail(reset: Pick<ForcedReset, "target" | "accountName" | "deviceSerialNumber">): string | null {
  if (reset.target === "phone") {
    return [reset.deviceSerialNumber, reset.accountName].filter(Boolean).join(" · ") || null;
  }
  return reset.target === "user" ? reset.accountName : null;
}
