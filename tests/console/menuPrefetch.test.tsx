/**
 * Issue 13: the menu's code loads once the first list's rows are drawn (a click soon after no
 * longer waits for it), never while the first page's own code and data are still out.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { markFirstRowsDrawn, whenIdle } from "../../src/custom/startup/routeCode";

describe("the menu's code after the first page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("waits for the first rows, then for an idle moment, and runs once", async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => idle.push(callback));
    let drawn: () => void = () => undefined;
    const firstRows = new Promise<void>((resolve) => (drawn = resolve));
    const task = vi.fn();
    whenIdle(task, firstRows);
    await Promise.resolve();
    expect(idle).toHaveLength(0);
    drawn();
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    expect(task).not.toHaveBeenCalled();
    idle[0]!();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("is told by the lists when their first rows are drawn", async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => idle.push(callback));
    whenIdle(() => undefined);
    markFirstRowsDrawn();
    await vi.waitFor(() => expect(idle).toHaveLength(1));
  });
});
