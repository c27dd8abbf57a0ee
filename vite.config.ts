import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const servicePort = process.env.SERVICE_PORT ?? "8080";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { "/api": `http://127.0.0.1:${servicePort}` },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
  },
});
