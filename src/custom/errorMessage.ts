import { appMessages } from "../i18n/en";

/** Spec §8: what to tell the user about a failure: its message, or "An error occurred". */
export const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : appMessages.app.errors.generic;
