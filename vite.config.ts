import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { precompressDir } from "./server/src/http/precompress";
import { chunkPlanPlugin } from "./build/chunkPlanPlugin";

const servicePort = process.env.SERVICE_PORT ?? "8080";

/** The built files' .gz and .br beside them, for the service to hand out (server/src/http/consoleStatic.ts). */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "gemtest-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      if (error) return; // a failed build wrote nothing worth compressing
      const { files, bytes, gzipBytes, brotliBytes } = await precompressDir(outDir);
      const kb = (n: number) => `${Math.round(n / 1024)} KB`;
      this.info(`precompressed ${files} files: ${kb(bytes)} → gzip ${kb(gzipBytes)}, brotli ${kb(brotliBytes)}`);
    },
  };
}

// Every browser the console supports has Object.entries and Object.hasOwn (src/custom/startup/shims/).
const alias = [
  { find: /^object\.entries$/, replacement: resolve("src/custom/startup/shims/objectEntries.cjs") },
  { find: /^hasown$/, replacement: resolve("src/custom/startup/shims/hasOwn.cjs") },
];

/**
 * dist/login.html: index.html with /login's page drawn into #root (src/custom/login/prerender.tsx,
 * built for Node and run once here), so the sign-in card paints with the HTML, before any script
 * but the entry has loaded. The service answers /login with it (server/src/app.ts); any other
 * address keeps index.html. The page's own code is not named here (modulepreload): the entry asks
 * for it once the card is drawn (custom/startup/boot.ts), so it does not compete with the page.
 */
function prerenderLogin(): Plugin {
  let root = process.cwd();
  let skip = false;
  return {
    name: "gemtest-prerender-login",
    apply: "build",
    configResolved(config) {
      root = config.root;
      skip = Boolean(config.build.ssr);
    },
    async writeBundle(output) {
      if (skip) return;
      const outDir = output.dir!;

      // Inside the project, so Node finds the packages the Node build leaves out (react, MUI…).
      await mkdir(join(root, "node_modules", ".cache"), { recursive: true });
      const serverDir = await mkdtemp(join(root, "node_modules", ".cache", "gemtest-prerender-"));
      try {
        await build({
          configFile: false,
          root,
          logLevel: "warn",
          plugins: [react()],
          resolve: { alias },
          build: {
            ssr: resolve(root, "src/custom/login/prerender.tsx"),
            outDir: serverDir,
            emptyOutDir: true,
            copyPublicDir: false,
            rollupOptions: { output: { entryFileNames: "prerender.mjs" } },
          },
        });
        const { renderLoginPage } = (await import(pathToFileURL(join(serverDir, "prerender.mjs")).href)) as {
          renderLoginPage: () => Promise<string>;
        };
        const page = await renderLoginPage();
        const index = await readFile(join(outDir, "index.html"), "utf8");
        if (!index.includes('<div id="root"></div>'))
          throw new Error("index.html has no empty #root to draw /login into");
        const login = index.replace('<div id="root"></div>', `<div id="root">${page}</div>`);
        await writeFile(join(outDir, "login.html"), login);
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The console never carries TypeBox: the resources' contracts (src/api/contract/) hold TypeBox
 * schemas for the service beside the plain data the console reads, and the build drops the schemas
 * (`treeshake.manualPureFunctions` below). A contract read in a way that keeps them fails the build.
 */
function withoutTypeBox(): Plugin {
  return {
    name: "gemtest-without-typebox",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk") continue;
        const carried = Object.entries(file.modules).find(
          ([id, module]) => id.includes("/node_modules/typebox/") && module.renderedLength > 0,
        )?.[0];
        if (carried) this.error(`${file.fileName} carries TypeBox (${carried}): keep the contracts' schemas out of it`);
      }
    },
  };
}

const src = (path: string) => resolve("src", path);
const chunkPlan = chunkPlanPlugin(
  {
    base: [src("mount.tsx"), src("custom/login/LoginPage.tsx")],
    earlyRows: [src("custom/startup/earlyRows/paint.ts")],
    console: [src("Console.tsx"), src("dataProvider/index.ts"), src("access/declaredFirstData.ts")],
    lists: [
      "resources/accounts/AccountList.tsx",
      "resources/users/UserList.tsx",
      "resources/devices/DeviceList.tsx",
      "resources/payments/PaymentsPage.tsx",
      "resources/firmware/FirmwareList.tsx",
      "resources/discounts/DiscountList.tsx",
    ].map(src),
  },
  () => ({ plugins: [react()], resolve: { alias } }),
);

export default defineConfig({
  plugins: [react(), prerenderLogin(), precompress(), chunkPlan.plugin, withoutTypeBox()],
  resolve: { alias },
  server: {
    proxy: { "/api": `http://127.0.0.1:${servicePort}` },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    // The console's files as build/chunkPlan.ts plans them. Each planned group already holds what
    // its modules import (or an earlier group does): the bundler must not pull the entry's own
    // modules in after them, or the entry would import the whole of "base" at once.
    rolldownOptions: {
      // The shared schemas (src/api/schemas/) hold TypeBox schemas beside the plain values the
      // console reads: their builders are pure and TypeBox's modules have no side effects, so the
      // schemas (and TypeBox) stay out of the console's files.
      treeshake: {
        manualPureFunctions: ["Type"],
        moduleSideEffects: [
          { test: /\/node_modules\/typebox\//, sideEffects: false },
          // emotion imports it for its side effects, which it has none of, and for withTheme, which
          // nothing here calls: as CommonJS it would stay whole on every page (~1 KB gzip).
          { test: /\/node_modules\/hoist-non-react-statics\//, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: [{ name: chunkPlan.chunkName, debugName: "chunk plan", includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
