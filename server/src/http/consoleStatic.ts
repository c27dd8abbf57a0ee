/**
 * The built console (dist/) served by the service: each file gzip or brotli compressed by the
 * browser's Accept-Encoding, from the .gz/.br written at build time (http/precompress.ts; a file
 * without them is sent as it is), and cached by what its name promises:
 *
 * - `assets/*-<hash>.js|css`: the name changes whenever the content does, so browsers and proxies
 *   keep them a year without asking again (immutable);
 * - everything else (index.html, favicon.svg): asked again on each use (no-cache), so a new
 *   release reaches a reload at once; an unchanged file costs a 304.
 */
import { relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";

/** Vite's hashed output: `assets/<name>-<8+ character hash>.<ext>`, with its .gz/.br. */
const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.map)?(\.(gz|br))?$/;

export function cacheControlFor(pathInRoot: string): string {
  return HASHED_ASSET.test(pathInRoot.split(sep).join("/")) ? IMMUTABLE : REVALIDATE;
}

export function serveConsole(app: FastifyInstance, consoleDir: string): void {
  app.register(fastifyStatic, {
    root: consoleDir,
    prefix: "/",
    preCompressed: true,
    // An address with a NUL (a mangled link: /devices/unsubscribe/abc%00) names no file, and
    // send answers it with a bare 400: as not found, it is the console's page to say so.
    allowedPath: (pathName) => !/\0|%00/i.test(pathName),
    // Set below, by file: send's own would be max-age=0 for all.
    cacheControl: false,
    setHeaders(response, path) {
      response.setHeader("cache-control", cacheControlFor(relative(consoleDir, path)));
      // The same address answers differently by Accept-Encoding: caches must keep them apart.
      response.setHeader("vary", "accept-encoding");
    },
  });
}
