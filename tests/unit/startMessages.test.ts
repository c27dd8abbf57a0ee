/**
 * What the console draws before react-admin loads (the sign-in page, the start-up screens) finds its
 * words in startMessages.ts, and never brings the console's messages into /login's files (issue 13):
 * every message key written in a module the entry or the sign-in page imports statically must be
 * one of the start-up's.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { appMessages } from "../../src/i18n/en";
import { startMessages } from "../../src/i18n/startMessages";

const SRC = resolve(__dirname, "../../src");
/** The entry, the mount it loads, and the sign-in page: what /login runs before react-admin. */
const STARTS = ["main.tsx", "mount.tsx", "custom/login/LoginPage.tsx"].map((file) => resolve(SRC, file));

function sourceOf(path: string): { file: string; text: string } | null {
  for (const file of [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`]) {
    try {
      return { file, text: readFileSync(file, "utf8") };
    } catch {
      // try the next spelling
    }
  }
  return null;
}

/** The project's modules reachable through static imports (not `import type`, not `import()`). */
function staticallyImported(starts: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const source = sourceOf(stack.pop()!);
    if (!source || found.has(source.file)) continue;
    found.set(source.file, source.text);
    for (const [, kind, path] of source.text.matchAll(/^import\s+(type\s+)?(?:[^"';]*?\s+from\s+)?"(\.[^"]+)"/gms)) {
      if (!kind) stack.push(resolve(dirname(source.file), path));
    }
  }
  return found;
}

function nodeAt(messages: object, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !(part in node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const hasKey = (messages: object, key: string) => typeof nodeAt(messages, key) === "string";
/** A group of messages (a contract's `labels`: the words of a field's values), not one written. */
const isGroup = (key: string) => typeof nodeAt(appMessages, key) === "object";

const AREAS = new Set(Object.keys(appMessages));

describe("the start-up's words", () => {
  const modules = staticallyImported(STARTS);

  it("are every message key the sign-in page and the start-up screens write", () => {
    expect(modules.size).toBeGreaterThan(20);
    const keys = new Set<string>();
    for (const [file, text] of modules) {
      // The contracts' words are the lists' and forms' (a value's words, a pattern's message), which
      // the start-up imports the contracts for but never writes.
      if (file.includes("/src/api/contract/")) continue;
      for (const [, key] of text.matchAll(/"([a-z][a-zA-Z]*(?:\.[a-zA-Z0-9]+)+)"/g)) {
        if (AREAS.has(key.split(".")[0]) && !isGroup(key)) keys.add(key);
      }
    }
    expect(keys).toContain("login.submit");
    expect([...keys].filter((key) => !hasKey(startMessages, key))).toEqual([]);
  });

  it("leave the console's messages out of what /login loads", () => {
    const importers = [...modules].filter(([, text]) =>
      /from\s+"[./]+\/(i18n\/)?en"|i18n\/consoleMessages"/.test(text),
    );
    expect(importers.map(([file]) => file)).toEqual([]);
  });
});
