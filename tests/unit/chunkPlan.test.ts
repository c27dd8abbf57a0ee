/**
 * build/chunkPlan.ts: a first build's files say what each page loads; the plan puts what /login
 * loads in "base", what draws the early rows in "earlyRows", what the signed-in shell adds in
 * "console", what every table adds in "lists",
 * and leaves the entry's own modules and a single page's own code alone.
 */
import { describe, expect, it } from "vitest";
import { planChunks, type BuiltChunk } from "../../build/chunkPlan";

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], facade?: string): BuiltChunk => ({
  fileName,
  facadeModuleId: facade ?? null,
  isEntry: fileName === "index.js",
  imports,
  moduleIds,
});

// A first build as the bundler cuts it: many small shared files.
const FIRST_BUILD: BuiltChunk[] = [
  chunk("index.js", ["main", "providers"], ["shared-startup.js"], "main"),
  chunk("paint.js", ["paint"], ["shared-startup.js", "money.js"], "paint"),
  chunk("money.js", ["money"]),
  chunk("shared-startup.js", ["react"]),
  chunk("mount.js", ["mount", "react-dom"], ["shared-startup.js", "mui-core.js"], "mount"),
  chunk("login.js", ["LoginPage", "TextField"], ["mui-core.js"], "LoginPage"),
  chunk("mui-core.js", ["Box", "emotion"]),
  chunk("console.js", ["Console", "ra-core"], ["mui-core.js", "table-bits.js"], "Console"),
  chunk("table-bits.js", ["Table"]),
  chunk("accounts.js", ["AccountList", "AccountOnly"], ["datatable.js", "filters.js", "money.js"], "AccountList"),
  chunk("users.js", ["UserList"], ["datatable.js", "filters.js", "autocomplete.js"], "UserList"),
  chunk("devices.js", ["DeviceList"], ["datatable.js", "autocomplete.js"], "DeviceList"),
  chunk("datatable.js", ["DataTable"]),
  chunk("filters.js", ["FilterForm"]),
  chunk("autocomplete.js", ["Autocomplete"]),
  chunk("overlay.js", ["Konva"], [], "AiOverlay"),
];

const ROOTS = {
  base: ["mount", "LoginPage"],
  earlyRows: ["paint"],
  console: ["Console"],
  lists: ["AccountList", "UserList", "DeviceList"],
};

describe("the console's chunk plan", () => {
  const plan = planChunks(FIRST_BUILD, ROOTS);

  it("leaves the entry's own modules in the entry and puts what it shares in one start-up file", () => {
    expect(plan.has("main")).toBe(false);
    expect(plan.has("providers")).toBe(false);
    expect(plan.get("react")).toBe("startup");
  });

  it("puts what /login loads in base, and what the signed-in shell adds in console", () => {
    for (const id of ["mount", "react-dom", "LoginPage", "TextField", "Box", "emotion"])
      expect(plan.get(id)).toBe("base");
    for (const id of ["Console", "ra-core", "Table"]) expect(plan.get(id)).toBe("console");
  });

  it("puts what draws the early rows in earlyRows, also what a list shares with it, and nothing /login loads", () => {
    expect(plan.get("paint")).toBe("earlyRows");
    expect(plan.get("money")).toBe("earlyRows");
    expect(plan.get("react")).toBe("startup");
  });

  it("puts in lists only what every table loads; one list's own parts stay with it", () => {
    expect(plan.get("DataTable")).toBe("lists");
    // Two of the three lists use the filters and the autocomplete: not every table.
    expect(plan.has("FilterForm")).toBe(false);
    expect(plan.has("Autocomplete")).toBe(false);
    expect(plan.has("AccountOnly")).toBe(false);
    expect(plan.has("AccountList")).toBe(false);
  });

  it("leaves code no root loads (the AI overlay) to the bundler", () => {
    expect(plan.has("Konva")).toBe(false);
  });

  it("fails the build when a root is not a page of the first build", () => {
    expect(() => planChunks(FIRST_BUILD, { ...ROOTS, console: ["Renamed"] })).toThrow(/Renamed/);
  });
});
