import { describe, expect, it } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import { Checkbox, createTheme, ThemeProvider } from "@mui/material";
import { renderConsole } from "./harness/renderConsole";
import { installResourceService, tableRows } from "./harness/resourceService";
import { theme } from "../../src/theme";

installResourceService();

/**
 * Issue 12, item 7: what axe found in the journeys, held here where it is cheap to check. The
 * journeys' axe audit (tests/e2e/axeAudit.ts) stays the net; these name each fix.
 */
describe("accessibility of the shell and lists", () => {
  it("names each list row's selection checkbox on the box itself, not on a role-less wrapper", async () => {
    await renderConsole("/accounts", { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows()).toHaveLength(25));
    for (const row of tableRows()) {
      const box = within(row).getByRole("checkbox", { name: "Select this row" });
      expect(box.tagName).toBe("INPUT");
      expect(box.parentElement).not.toHaveAttribute("aria-label");
    }
    // The header's select-all names its own input, as before.
    expect(within(screen.getByRole("table")).getByRole("checkbox", { name: "Select all" })).toBeInTheDocument();
  });

  it("puts each sidebar link in a list item of the menu's list", async () => {
    await renderConsole("/", { role: "Admin" });
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    const links = await within(nav).findAllByRole("link");
    expect(links.length).toBeGreaterThan(3);
    for (const link of links) {
      expect(link.parentElement?.tagName).toBe("LI");
      expect(link.parentElement?.parentElement?.tagName).toBe("UL");
    }
  });

  it("keeps a checkbox's own input names (slotProps, inputProps) under the theme's naming rule", () => {
    render(
      <ThemeProvider theme={createTheme(theme)}>
        <Checkbox slotProps={{ input: { "aria-label": "Select Test 1" } }} />
        <Checkbox inputProps={{ "aria-label": "Select Test 2" }} />
        <Checkbox aria-label="Select Test 3" />
      </ThemeProvider>,
    );
    for (const name of ["Select Test 1", "Select Test 2", "Select Test 3"]) {
      expect(screen.getByRole("checkbox", { name }).tagName).toBe("INPUT");
    }
  });
});
