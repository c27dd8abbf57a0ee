/**
 * The console's modules import one another without a circle, dynamic imports included: the
 * screens table (src/access/screenTable.ts) names the pages and nothing a page imports leads back
 * to it. (A 38-module circle through the page loaders once made every screen depend on every other.)
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(__dirname, "../../src");
/** `import … from "./x"`, `export … from "./x"`, `import "./x"` and `import("./x")`; not `import type`. */
const IMPORT = /(?:import|export)\s(?!type\s)[^;]*?from\s+["'](\.[^"']+)["']|import\s*\(?\s*["'](\.[^"']+)["']/g;

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/** Module → the modules it loads (type-only imports aside, since they are erased). */
export function importGraph(root: string): Map<string, string[]> {
  const files = readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(root, file));
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, "utf8");
      const targets = [...text.matchAll(IMPORT)].map((match) => resolveModule(file, (match[1] ?? match[2])!));
      return [file, targets.filter((target): target is string => target !== undefined)];
    }),
  );
}

/** The groups of modules that reach one another (strongly connected, more than one module). */
export function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (module: string) => {
    order.set(module, next);
    low.set(module, next);
    next += 1;
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!order.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(module, Math.min(low.get(module)!, order.get(target)!));
      }
    }
    if (low.get(module) !== order.get(module)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== module);
    if (group.length > 1) found.push(group);
  };
  for (const module of graph.keys()) if (!order.has(module)) visit(module);
  return found;
}

describe("the console's imports", () => {
  it("find a circle when there is one", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(circles(graph).map((group) => group.sort())).toEqual([["a", "b", "c"]]);
  });

  it("form no circle, dynamic imports included", () => {
    const found = circles(importGraph(SRC)).map((group) => group.map((file) => relative(SRC, file)));
    expect(found).toEqual([]);
  });
});
