/**
 * useDialogOnDemand (src/resources/shared/dialogOnDemand.ts): a list's dialog code loads as the
 * pointer or focus reaches its button, not with the list; the dialog stays mounted once opened, so
 * closing it keeps its exit transition.
 */
import { describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { useDialogOnDemand } from "../../src/resources/shared/dialogOnDemand";

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
});
