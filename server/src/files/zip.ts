/**
 * Zips streamed from storage: each entry's bytes are read only when yazl gets to it, so memory
 * stays flat and only one file is open at a time, however many entries there are.
 */
import { ZipFile } from "yazl";
import type { testFiles } from "../db/schema";
import type { FileStorage } from "./storage";

export interface ZipEntry {
  /** Path inside the zip ("folder/name.png"). */
  path: string;
  storageKey: string;
  size: number;
  mtime: Date;
  /** Photos are already compressed: storing them is as small and much faster. */
  compress: boolean;
}

/** A test's file as the entry at `path`, stored as it is when a photo, else deflated. */
export const testFileEntry = (
  path: string,
  file: Pick<typeof testFiles.$inferSelect, "storageKey" | "size" | "createdAt" | "type">,
): ZipEntry => ({
  path,
  storageKey: file.storageKey,
  size: file.size,
  mtime: file.createdAt,
  compress: file.type !== "image",
});

export function zipFromStorage(
  storage: FileStorage,
  entries: readonly ZipEntry[],
  options: { emptyFolders?: readonly string[]; onEntry?: (index: number) => void } = {},
): NodeJS.ReadableStream {
  const zip = new ZipFile();
  for (const folder of options.emptyFolders ?? []) zip.addEmptyDirectory(folder);
  entries.forEach((entry, index) => {
    zip.addReadStreamLazy(entry.path, { size: entry.size, mtime: entry.mtime, compress: entry.compress }, (done) => {
      options.onEntry?.(index);
      done(null, storage.get(entry.storageKey));
    });
  });
  zip.end();
  return zip.outputStream;
}

/** "name.png", "name (2).png", ...: names that are unique within one folder. */
export function uniqueNamer(): (name: string) => string {
  const used = new Set<string>();
  return (name) => {
    let candidate = name;
    const dot = name.lastIndexOf(".");
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
    used.add(candidate.toLowerCase());
    return candidate;
  };
}

/** A file or folder name safe on every system: no separators, control or reserved characters. */
export function safeFileName(name: string, fallback = "file"): string {
  const visible = [...name].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? "_" : c)).join("");
  const cleaned = visible
    .replace(/[/\\:*?"<>|]+/g, "_")
    .replace(/^[.\s]+|[.\s]+$/g, "")
    .slice(0, 150);
  return cleaned === "" ? fallback : cleaned;
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266 / RFC 5987): an ASCII fallback for old
 * clients, and the exact name, percent-encoded, for everyone else.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
