import { startMessages } from "../i18n/startMessages";

/**
 * Spec §8: what to tell the user about a failure: its message (an Error's, a thrown string, or a
 * `message` field), or the fallback, "An error occurred" unless said otherwise.
 */
export function errorMessage(error: unknown, fallback: string = startMessages.app.errors.generic): string {
  if (typeof error === "string" && error.trim()) return error;
  if (error instanceof Error && error.message) return error.message;
  const message = typeof error === "object" && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === "string" && message ? message : fallback;
}
