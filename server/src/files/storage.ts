/**
 * Where test files and built zips live. The service only talks to this interface; the local
 * directory below is the first implementation (an S3-compatible store is the planned second).
 * Keys are opaque to callers: storage chooses them, unless a caller (the seed) asks for a
 * readable one.
 */
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface StoredBlob {
  key: string;
  size: number;
}

export interface FileStorage {
  /** Stores the bytes; the blob appears under its key only once it is complete. */
  put(source: NodeJS.ReadableStream | Buffer, options?: { key?: string }): Promise<StoredBlob>;
  /** The bytes of a stored blob; the stream errors with code ENOENT when there is none. */
  get(key: string): Readable;
  /** Removes a blob; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** The size in bytes, or null when there is no such blob. */
  size(key: string): Promise<number | null>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export class InvalidStorageKeyError extends Error {}

/** Keys become file names: only a safe alphabet, so a key can never leave the directory. */
function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes("..")) throw new InvalidStorageKeyError(`Invalid storage key: ${key}`);
  return key;
}

/**
 * Blobs as files in one directory: `<root>/<key>`. Writes go to `<root>/.incoming/` first and
 * are renamed into place when complete, so a reader never sees half a file and a failed write
 * leaves nothing behind.
 */
export function localDirectoryStorage(root: string): FileStorage {
  const incoming = join(root, ".incoming");
  let ready: Promise<unknown> | undefined;
  const ensureDirs = () => (ready ??= mkdir(incoming, { recursive: true }));
  const pathOf = (key: string) => join(root, checkKey(key));

  return {
    async put(source, options = {}) {
      const key = checkKey(options.key ?? randomUUID());
      await ensureDirs();
      const temporary = join(incoming, `${randomUUID()}.part`);
      try {
        const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
        await pipeline(input, createWriteStream(temporary, { flags: "wx" }));
        const { size } = await stat(temporary);
        await rename(temporary, pathOf(key));
        return { key, size };
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    get: (key) => createReadStream(pathOf(key)),

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}
