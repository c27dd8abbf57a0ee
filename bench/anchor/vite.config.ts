/**
 * The anchor's own build (bench/anchor/README.md): `vite build --config bench/anchor/vite.config.ts`
 * writes bench/anchor/dist, never the console's dist/. Vite's defaults otherwise, as a plain
 * react-admin app would have them.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  logLevel: "warn",
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
