import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderConsole } from "./harness/renderConsole";
import { installResourceService, tableRows } from "./harness/resourceService";

installResourceService();

/**
 * A list's rows are drawn plain (PlainRow.tsx, PlainCell.tsx: no emotion style per row, cell or
 * selection box) and still do what react-admin's rows do: the box selects without opening the
 * record, shift-click selects the boxes between, a click elsewhere on the row opens the record.
 */
describe("a list's plain rows", () => {
  const box = (row: HTMLElement) => within(row).getByRole<HTMLInputElement>("checkbox", { name: "Select this row" });
  const emotionClasses = (element: Element) => [...element.classList].filter((name) => name.startsWith("css-"));

  it("carry no style of their own: the row, its cells and its selection box are styled by the table", async () => {
    await renderConsole("/accounts", { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(2));
    const row = tableRows()[0]!;
    expect(emotionClasses(row)).toEqual([]);
    for (const element of row.querySelectorAll("td, td > .MuiCheckbox-root, td > .MuiCheckbox-root > *"))
      expect(emotionClasses(element)).toEqual([]);
  });

  it("select with the box, a range with shift, and never open the record from it", async () => {
    await renderConsole("/accounts", { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(3));
    fireEvent.click(box(tableRows()[0]!));
    expect(await screen.findByText("1 item selected")).toBeInTheDocument();
    expect(box(tableRows()[0]!)).toBeChecked();
    expect(window.location.pathname).toBe("/accounts");

    fireEvent.click(box(tableRows()[3]!), { shiftKey: true });
    expect(await screen.findByText("4 items selected")).toBeInTheDocument();
    expect(
      tableRows()
        .slice(0, 4)
        .map((row) => box(row).checked),
    ).toEqual([true, true, true, true]);

    fireEvent.click(box(tableRows()[1]!));
    expect(await screen.findByText("3 items selected")).toBeInTheDocument();
    expect(box(tableRows()[1]!)).not.toBeChecked();
  });

  it("open the record from a click anywhere else on the row", async () => {
    await renderConsole("/accounts", { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
    const status = tableRows()[0]!.querySelector("td.column-status")!;
    fireEvent.click(status);
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/accounts\/.+/));
  });
});
