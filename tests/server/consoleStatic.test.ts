/**
 * Issue 13 item 3: the console's files are served brotli or gzip compressed (from the .br/.gz
 * written at build time) and its hashed assets are cached for a year, while the page itself is
 * asked again on each use.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/src/app";
import { cacheControlFor } from "../../server/src/http/consoleStatic";
import { precompressDir } from "../../server/src/http/precompress";
import { createTestApp, type TestApp } from "./helpers";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Like a build: a page over a kilobyte, a hashed script and style, a small icon, a source map. */
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-CI-QbdCo.js"></script></head><body>${"<div></div>".repeat(200)}</body></html>`;
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = "console ${i}";`).join("\n");
const STYLE = Array.from({ length: 200 }, (_, i) => `.yarl__slide${i} { margin: ${i}px; }`).join("\n");
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

let t: TestApp;
let app: FastifyInstance;
let consoleDir: string;
beforeAll(async () => {
  t = await createTestApp();
  consoleDir = await mkdtemp(join(tmpdir(), "gemtest-console-"));
  await mkdir(join(consoleDir, "assets"));
  await writeFile(join(consoleDir, "index.html"), INDEX);
  await writeFile(join(consoleDir, "favicon.svg"), ICON);
  await writeFile(join(consoleDir, "assets", "index-CI-QbdCo.js"), SCRIPT);
  await writeFile(join(consoleDir, "assets", "index-CI-QbdCo.js.map"), JSON.stringify({ mappings: SCRIPT }));
  await writeFile(join(consoleDir, "assets", "ImageViewer-Du3uL6IP.css"), STYLE);
  await precompressDir(consoleDir);
  app = buildApp({ db: t.db, config: t.config, consoleDir });
});
afterAll(async () => {
  await app.close();
  await rm(consoleDir, { recursive: true, force: true });
  await t.close();
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("precompressing the build", () => {
  it("writes .gz and .br beside the text files over a kilobyte, not beside source maps or small files", async () => {
    const files = (await readdir(consoleDir, { recursive: true })).map((name) => name.split("\\").join("/")).sort();
    expect(files).toEqual([
      "assets",
      "assets/ImageViewer-Du3uL6IP.css",
      "assets/ImageViewer-Du3uL6IP.css.br",
      "assets/ImageViewer-Du3uL6IP.css.gz",
      "assets/index-CI-QbdCo.js",
      "assets/index-CI-QbdCo.js.br",
      "assets/index-CI-QbdCo.js.gz",
      "assets/index-CI-QbdCo.js.map",
      "favicon.svg",
      "index.html",
      "index.html.br",
      "index.html.gz",
    ]);
  });
});

describe("serving the console's files", () => {
  it("sends a hashed script brotli compressed to a browser that takes brotli, cached for a year", async () => {
    const response = await get("/assets/index-CI-QbdCo.js", "gzip, deflate, br, zstd");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers["cache-control"]).toBe(IMMUTABLE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends gzip to a browser that takes only gzip, and the file as it is to one that takes neither", async () => {
    const gzipped = await get("/assets/ImageViewer-Du3uL6IP.css", "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers["content-type"]).toMatch(/^text\/css/);
    expect(gzipped.headers["cache-control"]).toBe(IMMUTABLE);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(STYLE);

    for (const acceptEncoding of [undefined, "identity"]) {
      const plain = await get("/assets/ImageViewer-Du3uL6IP.css", acceptEncoding);
      expect(plain.headers["content-encoding"], acceptEncoding).toBeUndefined();
      expect(plain.headers["cache-control"], acceptEncoding).toBe(IMMUTABLE);
      expect(plain.body, acceptEncoding).toBe(STYLE);
    }
  });

  it("sends the page compressed too, but never cached without asking again", async () => {
    for (const url of ["/", "/index.html", "/login", "/gallery/item/42"]) {
      const response = await get(url, "br, gzip");
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-encoding"], url).toBe("br");
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it("asks again for files whose name has no hash, and answers 304 when unchanged", async () => {
    const icon = await get("/favicon.svg", "br, gzip");
    expect(icon.headers["content-encoding"]).toBeUndefined(); // too small to gain
    expect(icon.headers["cache-control"]).toBe("no-cache");
    const again = await app.inject({
      method: "GET",
      url: "/favicon.svg",
      headers: { "if-none-match": String(icon.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("leaves the API's answers uncached and uncompressed by the console's rules", async () => {
    const response = await get("/api/health", "br, gzip");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toHaveProperty("portal");
  });
});

describe("which files are immutable", () => {
  it("only Vite's hashed assets, compressed or not", () => {
    for (const path of [
      "assets/index-CI-QbdCo.js",
      "assets/BooleanInput-BGN3Ytu-.js.br",
      "assets/ImageViewer-Du3uL6IP.css.gz",
      "assets/AccountList-D_lXZs4G.js.map",
    ])
      expect(cacheControlFor(path), path).toBe(IMMUTABLE);
    for (const path of ["index.html", "index.html.br", "favicon.svg", "assets/logo.svg", "robots.txt"])
      expect(cacheControlFor(path), path).toBe("no-cache");
  });
});

describe("a console address the static files cannot name", () => {
  it("hands the console its page for an address with a NUL in it (a mangled link), never a raw JSON 400", async () => {
    for (const url of ["/devices/unsubscribe/abc%00", "/invitation/x%00y", "/gallery/item/%00"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.body, url).toContain("/assets/index-CI-QbdCo.js");
    }
  });
});
