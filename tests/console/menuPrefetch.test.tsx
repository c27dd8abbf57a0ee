/**
 * Issue 13: the menu's code loads as soon as the first list's rows are drawn (a click soon after
 * no longer waits for it), never while the first page's own code and data are still out; other
 * pages get it when the browser is idle a while after load.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { markFirstRowsDrawn, whenIdle } from "../../src/custom/startup/firstRows";
import { prefetchMenuCode } from "../../src/custom/startup/routeCode";

describe("the menu's code after the first page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("waits for the first rows to be painted, then runs once, without waiting for an idle moment", async () => {
    vi.useFakeTimers();
    const idle = vi.fn();
    vi.stubGlobal("requestIdleCallback", idle);
    let drawn: () => void = () => undefined;
    const firstRows = new Promise<void>((resolve) => (drawn = resolve));
    const task = vi.fn();
    whenIdle(task, firstRows);
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).not.toHaveBeenCalled();
    drawn();
    await vi.advanceTimersByTimeAsync(1);
    // Not before the browser's next frame (the rows are drawn in it).
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(task).toHaveBeenCalledTimes(1);
    // The later idle fallback finds it done.
    await vi.advanceTimersByTimeAsync(10_000);
    for (const [callback] of idle.mock.calls) (callback as () => void)();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("on a page without rows, runs when idle a while after load", async () => {
    vi.useFakeTimers();
    const idle: (() => void)[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => idle.push(callback));
    const task = vi.fn();
    whenIdle(task, new Promise<void>(() => undefined));
    await vi.advanceTimersByTimeAsync(4000);
    expect(idle).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1500);
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("is told by the lists when their first rows are drawn", async () => {
    const task = vi.fn();
    whenIdle(task);
    markFirstRowsDrawn();
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });
});

describe("the menu's pages", () => {
  it("are asked for one per task, each once", () => {
    const loads: unknown[] = [];
    const later: (() => void)[] = [];
    prefetchMenuCode(
      (task) => task(),
      (task) => later.push(task),
      (page) => loads.push(page),
    );
    expect(loads).toHaveLength(1);
    while (later.length > 0) {
      const before = loads.length;
      later.shift()!();
      expect(loads.length - before).toBeLessThanOrEqual(1);
    }
    // The menu's lists, Home and the gallery (the screens marked preload).
    expect(loads.length).toBeGreaterThanOrEqual(6);
    expect(new Set(loads).size).toBe(loads.length);
  });
});
