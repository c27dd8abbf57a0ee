/**
 * useDialogOnDemand (src/resources/shared/dialogOnDemand.ts): a list's dialog code loads as the
 * pointer or focus reaches its button, not with the list; the dialog stays mounted once opened, so
 * closing it keeps its exit transition. useRowDialogOnDemand: a dialog a row opens loads as the
 * pointer or focus reaches the table.
 */
import { describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { useDialogOnDemand, useRowDialogOnDemand } from "../../src/resources/shared/dialogOnDemand";

describe("a dialog loaded on demand", () => {
  it("loads its code on pointer or focus, opens on click and stays mounted when closed", () => {
    const load = vi.fn(async () => undefined);
    const { result } = renderHook(() => useDialogOnDemand(load));
    expect(load).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ open: false, opened: false });

    act(() => result.current.trigger.onPointerEnter());
    act(() => result.current.trigger.onFocus());
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current.opened).toBe(false);

    act(() => result.current.trigger.onClick());
    expect(result.current).toMatchObject({ open: true, opened: true });
    act(() => result.current.close());
    expect(result.current).toMatchObject({ open: false, opened: true });
  });

  it("loads a row's dialog as the pointer or focus reaches the table, and opens it on the row's record", () => {
    const load = vi.fn(async () => undefined);
    const { result } = renderHook(() => useRowDialogOnDemand(load));
    expect(load).not.toHaveBeenCalled();
    act(() => result.current.approach.onPointerOver());
    act(() => result.current.approach.onFocus());
    expect(load).toHaveBeenCalledTimes(2);

    expect(result.current).toMatchObject({ id: null, opened: false });
    act(() => result.current.open("d-1"));
    expect(result.current).toMatchObject({ id: "d-1", opened: true });
    act(() => result.current.close());
    expect(result.current).toMatchObject({ id: null, opened: true });
  });
});
