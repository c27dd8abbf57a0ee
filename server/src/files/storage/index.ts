/**
 * Where test files and built zips live. The service only talks to this interface; two
 * implementations sit behind it: a local directory (local.ts, the default) and an S3-compatible
 * object store (s3.ts, when S3_BUCKET is set). createStorage() picks one from the configuration.
 * Keys are opaque to callers: storage chooses them, unless a caller (the seed) asks for a
 * readable one.
 */
import type { Readable } from "node:stream";
import type { Config } from "../../config";
import { localDirectoryStorage } from "./local";
import { s3Storage } from "./s3";

export interface StoredBlob {
  key: string;
  size: number;
}

/** A blob as list() finds it: when it was last written, for the leftover sweep's age limit. */
export interface ListedBlob extends StoredBlob {
  modifiedAt: Date;
}

export interface FileStorage {
  /**
   * Stores the bytes; the blob appears under its key only once it is complete, and a failed or
   * aborted source leaves nothing behind.
   */
  put(source: NodeJS.ReadableStream | Buffer, options?: { key?: string }): Promise<StoredBlob>;
  /**
   * The bytes of a stored blob, as a stream returned at once (it may fill later); the stream errors
   * with code ENOENT when there is no such blob. Throws InvalidStorageKeyError for a bad key.
   */
  get(key: string): Readable;
  /** Removes a blob; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** The size in bytes, or null when there is no such blob. */
  size(key: string): Promise<number | null>;
  /**
   * Every complete blob, a page at a time (never one still being written). The leftover sweep
   * (files/sweep.ts) compares them with the rows that refer to blobs.
   */
  list(): AsyncIterable<ListedBlob>;
  /**
   * Removes what writes that never finished left (a crash mid-put): `.part` files of the local
   * directory, unfinished multipart uploads of S3, started before `before`. Answers how many.
   */
  removeUnfinished(before: Date): Promise<number>;
  /** Does the store answer (the directory is there and writable; the bucket answers)? Never throws. */
  check(): Promise<boolean>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export class InvalidStorageKeyError extends Error {}

/**
 * The key rule, the same for every store: only a safe alphabet, no "..", at most 200 characters.
 * Keys become file names (so a key can never leave the directory) and object keys (no "/": one
 * flat namespace, the same in both stores, so blobs can move between them unchanged).
 */
export const isValidKey = (key: string): boolean => KEY.test(key) && !key.includes("..");

export function checkKey(key: string): string {
  if (!isValidKey(key)) throw new InvalidStorageKeyError(`Invalid storage key: ${key}`);
  return key;
}

/** The error a stream from get() fails with when there is no such blob (routes answer 404). */
export function missingBlobError(key: string, cause?: unknown): NodeJS.ErrnoException {
  return Object.assign(new Error(`No stored blob under the key ${key}`, { cause }), { code: "ENOENT" });
}

/** The store the configuration names: S3 when S3_BUCKET is set, else the local directory FILES_DIR. */
export function createStorage(config: Pick<Config, "filesDir" | "storage">): FileStorage {
  const { storage } = config;
  return storage.kind === "s3" ? s3Storage(storage) : localDirectoryStorage(config.filesDir);
}

export { localDirectoryStorage, s3Storage };
