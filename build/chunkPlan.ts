/**
 * How the console's code is cut into files (issue 13). Left to itself the bundler made ~100 small
 * shared files for a signed-in list: over HTTP/1.1's six connections per host, start-up's refresh
 * call queued behind them (~0.6 s before the first row). Here a handful of files, each loaded
 * under one condition:
 *
 *   - the entry: what it runs itself (start-up, the providers), left as it is, and "startup": the
 *     parts of it later pages share, in one file beside it rather than six;
 *   - "base": what /login draws with (React DOM, the sign-in page, the MUI parts it uses), which
 *     every page needs too;
 *   - "earlyRows": what draws a list's first rows before the console (custom/startup/earlyRows),
 *     loaded by a page drawn before, not by /login; right after base, so it never waits for the
 *     console's files;
 *   - "console": what the signed-in shell (`src/Console.tsx`) adds: react-admin, the layout;
 *   - "lists": what every table of the menu adds beyond that (the list frame, the table, filters);
 *   - anything else (one page's own code, a chart, the AI overlay) as the bundler cuts it.
 *
 * What a page "adds" is read from a first, ordinary build: the modules in the files its dynamic
 * import loads. That is what the bundler keeps after tree-shaking; a module's imports alone would
 * say every list uses all of MUI and react-admin (their index files re-export everything). Each
 * group takes what the groups before it did not, so a file only imports from the ones above it:
 * no cycles, and /login never loads react-admin.
 */

/** One file of the first build, as Rolldown's output describes it. */
export interface BuiltChunk {
  fileName: string;
  /** The module a dynamic import of this file is for. */
  facadeModuleId: string | null;
  isEntry: boolean;
  /** The files it imports statically (loaded with it). */
  imports: readonly string[];
  moduleIds: readonly string[];
}

export interface ChunkRoots {
  /** What /login needs: the mount and the sign-in page (modules the entry imports dynamically). */
  base: readonly string[];
  /** What draws the early rows (a module the entry imports dynamically). */
  earlyRows: readonly string[];
  /** The signed-in shell. */
  console: readonly string[];
  /** The menu's tables: what every one of them loads goes to "lists". */
  lists: readonly string[];
}

export type ChunkName = "startup" | "base" | "earlyRows" | "console" | "lists";

/** Every module the file of `moduleId` brings with it: its own and its static imports', transitively. */
function loadedWith(byFile: Map<string, BuiltChunk>, moduleId: string): Set<string> {
  const start = [...byFile.values()].find((chunk) => chunk.facadeModuleId === moduleId);
  if (!start) throw new Error(`chunk plan: no file of the first build is the dynamic import of ${moduleId}`);
  return loadedFrom(byFile, [start]);
}

function loadedFrom(byFile: Map<string, BuiltChunk>, starts: readonly BuiltChunk[]): Set<string> {
  const modules = new Set<string>();
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const chunk = stack.pop()!;
    if (seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    for (const id of chunk.moduleIds) modules.add(id);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) stack.push(imported);
    }
  }
  return modules;
}

/** Module id → its planned file; a module absent from the map is left to the bundler. */
export function planChunks(chunks: readonly BuiltChunk[], roots: ChunkRoots): Map<string, ChunkName> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const taken = new Set(entries.flatMap((chunk) => chunk.moduleIds));
  const plan = new Map<string, ChunkName>();
  const claim = (name: ChunkName, ids: Iterable<string>) => {
    for (const id of ids) {
      if (taken.has(id)) continue;
      taken.add(id);
      plan.set(id, name);
    }
  };
  const union = (ids: readonly string[]) => ids.flatMap((id) => [...loadedWith(byFile, id)]);
  // What the entry imports from files of its own (parts shared with later pages): one file, not six.
  claim("startup", loadedFrom(byFile, entries));
  claim("base", union(roots.base));
  claim("earlyRows", union(roots.earlyRows));
  claim("console", union(roots.console));
  const uses = new Map<string, number>();
  for (const list of roots.lists) for (const id of loadedWith(byFile, list)) uses.set(id, (uses.get(id) ?? 0) + 1);
  claim(
    "lists",
    [...uses].filter(([, count]) => count === roots.lists.length).map(([id]) => id),
  );
  return plan;
}
