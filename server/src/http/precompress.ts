/**
 * The console's built files, compressed once at build time (vite.config.ts runs this after the
 * bundle is written): beside each text file, `name.gz` (gzip, level 9) and `name.br` (brotli,
 * quality 11), which the service hands out by the browser's Accept-Encoding
 * (@fastify/static's preCompressed, http/consoleStatic.ts). Best compression costs seconds once
 * at build, never on a request.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** What browsers load as text; source maps only open in devtools, and images are already compressed. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this, the headers of a compressed answer outweigh what it saves. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

/** Writes the .gz and .br of each compressible file of `dir` (recursively); returns the totals. */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const candidates = (await filesUnder(dir)).filter((path) => COMPRESSIBLE.test(path));
  const result: PrecompressResult = { files: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0 };
  await Promise.all(
    candidates.map(async (path) => {
      if ((await stat(path)).size < MIN_BYTES) return;
      const content = await readFile(path);
      const [gzipped, brotli] = await Promise.all([
        gzipAsync(content, { level: 9 }),
        brotliAsync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      ]);
      await Promise.all([writeFile(`${path}.gz`, gzipped), writeFile(`${path}.br`, brotli)]);
      result.files += 1;
      result.bytes += content.length;
      result.gzipBytes += gzipped.length;
      result.brotliBytes += brotli.length;
    }),
  );
  return result;
}
