import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { precompressDir } from "./server/src/http/precompress";

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

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // Every browser the console supports has Object.entries (src/custom/startup/shims/objectEntries.cjs).
    alias: [{ find: /^object\.entries$/, replacement: resolve("src/custom/startup/shims/objectEntries.cjs") }],
  },
  server: {
    proxy: { "/api": `http://127.0.0.1:${servicePort}` },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
  },
});
