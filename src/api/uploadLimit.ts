/**
 * The largest test file the service takes (POST v2/tests/file answers 413 beyond it, in these
 * words); the console refuses a larger one before sending it. A module of its own: tests.ts rides
 * in /login's start-up code, which the upload dialog's words have no business in.
 */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = `The file is too large: the limit is ${MAX_UPLOAD_BYTES / (1024 * 1024)} MiB.`;
