/**
 * Serves the anchor's build (bench/anchor/dist) beside the console: gzip, as the hand
 * measurement served both apps, the single-page fallback to index.html, and /api passed through to
 * the same service the console talks to (same origin for the app, so no CORS in the way).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, relative } from "node:path";
import { gzipSync } from "node:zlib";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".map": "application/json",
};

interface Asset {
  type: string;
  plain: Buffer;
  gzip: Buffer;
}

function readAssets(dir: string, base = dir, into = new Map<string, Asset>()): Map<string, Asset> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) readAssets(path, base, into);
    else {
      const plain = readFileSync(path);
      const type = TYPES[extname(name)] ?? "application/octet-stream";
      into.set(`/${relative(base, path).split("\\").join("/")}`, { type, plain, gzip: gzipSync(plain) });
    }
  }
  return into;
}

export interface AnchorServer {
  url: string;
  close: () => Promise<void>;
}

export async function serveAnchor(distDir: string, serviceUrl: string): Promise<AnchorServer> {
  if (!existsSync(join(distDir, "index.html"))) throw new Error(`No anchor build in ${distDir}`);
  const assets = readAssets(distDir);
  const index = assets.get("/index.html")!;
  const service = new URL(serviceUrl);

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    if (path.startsWith("/api/")) {
      const upstream = request(
        { host: service.hostname, port: service.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    // Hashed assets never change; the page itself is asked again each visit, as the service does.
    const asset = assets.get(path) ?? index;
    const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    res.writeHead(200, {
      "Content-Type": asset.type,
      "Cache-Control": path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      Vary: "Accept-Encoding",
      ...(gzip ? { "Content-Encoding": "gzip" } : {}),
    });
    res.end(gzip ? asset.gzip : asset.plain);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
