/**
 * build/chunkPlan.ts as a Vite plugin: before the console's build, a first build in memory (no
 * minifying, nothing written) says which modules each page's files hold; the real build then puts
 * each planned module in its file (`chunkName`, given to build.rolldownOptions' codeSplitting).
 */
import { build, type Plugin, type UserConfig } from "vite";
import { planChunks, type BuiltChunk, type ChunkName, type ChunkRoots } from "./chunkPlan";

/** The plugins and aliases that shape the module graph (the first build must see the same one). */
export type GraphConfig = Pick<UserConfig, "plugins" | "resolve">;

export function chunkPlanPlugin(roots: ChunkRoots, graph: () => GraphConfig) {
  let plan = new Map<string, ChunkName>();
  const plugin: Plugin = {
    name: "gemtest-chunk-plan",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    async configResolved(config) {
      const result = await build({
        ...graph(),
        configFile: false,
        root: config.root,
        logLevel: "silent",
        build: { write: false, minify: false, sourcemap: false, copyPublicDir: false },
      });
      const outputs = (Array.isArray(result) ? result : [result]) as { output: unknown[] }[];
      const chunks = outputs
        .flatMap((output) => output.output)
        .filter((item): item is BuiltChunk & { type: "chunk" } => (item as { type: string }).type === "chunk");
      plan = planChunks(chunks, roots);
    },
  };
  return { plugin, chunkName: (id: string): ChunkName | null => plan.get(id) ?? null };
}
