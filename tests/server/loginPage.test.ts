/**
 * /login is answered with the build's login.html (the sign-in page drawn into it at build time,
 * src/custom/login/prerender.tsx), compressed and asked again each use like index.html; every other
 * client-side route keeps index.html, and a build without login.html answers /login with it too.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/src/app";
import { precompressDir } from "../../server/src/http/precompress";
import { createTestApp, type TestApp } from "./helpers";

const page = (root: string) =>
  `<!doctype html><html><head></head><body><div id="root">${root}</div>${"<!-- padding -->".repeat(100)}</body></html>`;
const INDEX = page("");
const LOGIN = page('<h1 class="MuiTypography-root">Sign in to Gemtest Admin</h1>');

let t: TestApp;
const dirs: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  await t.close();
});

async function appServing(files: Record<string, string>) {
  const consoleDir = await mkdtemp(join(tmpdir(), "gemtest-console-"));
  dirs.push(consoleDir);
  for (const [name, text] of Object.entries(files)) await writeFile(join(consoleDir, name), text);
  await precompressDir(consoleDir);
  return buildApp({ db: t.db, config: t.config, consoleDir });
}

describe("the sign-in page's address", () => {
  it("answers /login with login.html, gzip and never cached without asking again", async () => {
    const app = await appServing({ "index.html": INDEX, "login.html": LOGIN });
    try {
      for (const url of ["/login", "/login?next=%2Fgallery"]) {
        const response = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
        expect(response.statusCode).toBe(200);
        expect(response.headers["content-type"]).toMatch(/^text\/html/);
        expect(response.headers["cache-control"]).toBe("no-cache");
        expect(response.headers["content-encoding"]).toBe("gzip");
        expect(gunzipSync(response.rawPayload).toString()).toBe(LOGIN);
      }
      // Under the console's policy, as every page.
      const plain = await app.inject({ method: "GET", url: "/login" });
      expect(plain.body).toBe(LOGIN);
      expect(plain.headers["content-security-policy"]).toContain("script-src 'self'");
      // Every other client-side route: the page without the card.
      for (const url of ["/", "/accounts", "/login/other", "/register"]) {
        expect((await app.inject({ method: "GET", url })).body).toBe(INDEX);
      }
    } finally {
      await app.close();
    }
  });

  it("answers /login with index.html when the build has no login.html", async () => {
    const app = await appServing({ "index.html": INDEX });
    try {
      expect((await app.inject({ method: "GET", url: "/login" })).body).toBe(INDEX);
    } finally {
      await app.close();
    }
  });
});
