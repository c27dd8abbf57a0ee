// `npm run dev`: the reference service (restarting on change) and Vite with hot reload, /api proxied.
import { spawn } from "node:child_process";

const servicePort = process.env.SERVICE_PORT ?? "8080";
const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "server/src/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: servicePort, SERVE_CONSOLE: "false" },
  }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js"], {
    stdio: "inherit",
    env: { ...process.env, SERVICE_PORT: servicePort },
  }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop());
