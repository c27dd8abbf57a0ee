import { describe, expect, it } from "vitest";
import { drawnColumns, ranksAfterMove, shownOrder } from "../../src/resources/shared/columnOrder";

describe("the column chooser's order (react-admin DataTable's stored ranks)", () => {
  it("reads stored ranks, then the columns they leave out, ignoring what no longer exists", () => {
    expect(shownOrder(undefined, 3)).toEqual([0, 1, 2]);
    expect(shownOrder([2, 0], 4)).toEqual([2, 0, 1, 3]);
    // A table that lost columns since (another role, a new release): stale and repeated ranks go.
    expect(shownOrder([5, 1, 1, -1, 0.5, 0], 3)).toEqual([1, 0, 2]);
  });

  it("moves a column past its offered neighbour, and not past either end", () => {
    expect(ranksAfterMove(undefined, 3, [0, 1, 2], 1, -1)).toEqual([1, 0, 2]);
    expect(ranksAfterMove([1, 0, 2], 3, [0, 1, 2], 1, 1)).toEqual([0, 1, 2]);
    expect(ranksAfterMove(undefined, 3, [0, 1, 2], 0, -1)).toBeUndefined();
    expect(ranksAfterMove(undefined, 3, [0, 1, 2], 2, 1)).toBeUndefined();
    // Column 1 cannot be named (no source, no label): 2 moves up past it, onto 0's place.
    expect(ranksAfterMove(undefined, 3, [0, 2], 2, -1)).toEqual([2, 1, 0]);
  });

  it("draws the columns in their stored order less the hidden ones; a column with no name is never hidden", () => {
    const names = ["name", undefined, "email", "role"];
    expect(drawnColumns(names, undefined, [])).toEqual([0, 1, 2, 3]);
    expect(drawnColumns(names, [3, 0], ["name"])).toEqual([3, 1, 2]);
    expect(drawnColumns(names, undefined, ["email", "role", "name"])).toEqual([1]);
  });
});
