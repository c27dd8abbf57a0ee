/**
 * The local-directory store: blobs as files in one directory (FILES_DIR).
 */
import { randomUUID } from "node:crypto";
import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { checkKey, isValidKey, type FileStorage } from "./index";

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

    async *list() {
      const names = await readdir(root).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [] as string[];
        throw error;
      });
      // ".incoming" (writes in progress) and anything else that is not a key is not a blob.
      for (const name of names.filter(isValidKey)) {
        const stats = await stat(join(root, name)).catch(() => undefined);
        if (stats?.isFile()) yield { key: name, size: stats.size, modifiedAt: stats.mtime };
      }
    },

    async removeUnfinished(before) {
      const names = await readdir(incoming).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const path = join(incoming, name);
        const stats = await stat(path).catch(() => undefined);
        if (!stats || stats.mtime >= before) continue;
        await rm(path, { force: true, recursive: true });
        removed++;
      }
      return removed;
    },

    async check() {
      try {
        await access(root, constants.R_OK | constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}
