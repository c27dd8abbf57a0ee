/**
 * Optimistic concurrency (docs/api-resources.md "Versions and 409"): every write sends the record's
 * `version`; the service answers 409 {message} when someone saved a newer one. These pure rules
 * decide what a failed save means and how a reload keeps the user's typing.
 */
import type { Versioned } from "../../api/resources";

export const CONFLICT_STATUS = 409;

/** What a failed save means for the form. */
export type SaveFailure =
  /** Someone saved a newer version: say so, offer Reload, keep the input. */
  | { kind: "conflict"; message: string }
  /** The service refused some fields: show each message on its field. */
  | { kind: "validation"; message: string; errors: Record<string, string> }
  /** Anything else: a toast with the service's message. */
  | { kind: "other"; message: string };

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;

const statusOf = (error: unknown): number | undefined => {
  const status = asObject(error)?.status;
  return typeof status === "number" ? status : undefined;
};

const messageOf = (error: unknown, fallback: string): string => {
  if (typeof error === "string" && error.trim()) return error;
  const message = asObject(error)?.message;
  return typeof message === "string" && message.trim() ? message : fallback;
};

/** The field → message map of a 400/422 answer, or null when there is none. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  const errors = asObject(asObject(asObject(error)?.body)?.errors);
  if (!errors) return null;
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/**
 * The fields a refusal names, each with words a person reads: a schema's refusal (400) names the
 * field in the schema's words ("notes must be at most 10000 characters long"), so the form says
 * its own (`schemaWords`); a handler's (422) sentence is already the product's. Null when no field
 * is named.
 */
export function fieldRefusalsOf(error: unknown, schemaWords: (field: string) => string): Record<string, string> | null {
  const fields = fieldErrorsOf(error);
  if (!fields || statusOf(error) !== 400) return fields;
  return Object.fromEntries(Object.keys(fields).map((field) => [field, schemaWords(field)]));
}

export const isConflict = (error: unknown): boolean => statusOf(error) === CONFLICT_STATUS;

/** Reads an error thrown by the dataProvider (react-admin's HttpError: status, message, body). */
export function classifySaveError(error: unknown, fallbackMessage: string): SaveFailure {
  const message = messageOf(error, fallbackMessage);
  if (isConflict(error)) return { kind: "conflict", message };
  const errors = fieldErrorsOf(error);
  if (errors) return { kind: "validation", message, errors };
  return { kind: "other", message };
}

/**
 * A form's resetOptions: a reloaded record (after a 409) resets only the fields the person has not
 * touched, so what they typed stays on top. One object for every render: react-admin resets the
 * form (clearing its errors) whenever the options change.
 */
export const KEEP_EDITS = { keepDirtyValues: true };

/**
 * After a conflict, the reloaded record with the user's edits laid over it: the fields the user
 * changed keep their typed values, every other field and the version come from the service, so
 * the next save is against the version the user has now seen.
 */
export function keepEdits<T extends Versioned>(reloaded: T, edited: Partial<T>, changedFields: readonly string[]): T {
  const merged: T = { ...reloaded };
  for (const field of changedFields) {
    if (field === "version" || field === "id" || !(field in edited)) continue;
    (merged as Record<string, unknown>)[field] = (edited as Record<string, unknown>)[field];
  }
  return merged;
}

/** The fields whose value differs between two versions of a form (shallow; arrays by JSON). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}
