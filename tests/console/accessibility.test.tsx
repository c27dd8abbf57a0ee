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

/**
 * Label in name (WCAG 2.5.3; axe's label-content-name-mismatch, which the journeys run since issue
 * 25): a control named by an aria-label must say the text it shows, so a person who reads it and
 * says it (speech input) reaches it. The elements whose aria-label leaves out their visible text
 * (the text compared without case, punctuation or spaces, as axe compares it).
 */
function labelInNameMisses(root: ParentNode): string[] {
  const curate = (text: string) => text.toLowerCase().replace(/[\p{P}\p{S}\s]/gu, "");
  const widgets = "a[aria-label], button[aria-label], [role][aria-label]";
  return [...root.querySelectorAll<HTMLElement>(widgets)].flatMap((element) => {
    const shown = curate(element.textContent ?? "");
    const name = curate(element.getAttribute("aria-label") ?? "");
    return shown && !name.includes(shown)
      ? [`"${element.getAttribute("aria-label")}" shows "${element.textContent}"`]
      : [];
  });
}

describe("label in name (WCAG 2.5.3, issue 25)", () => {
  it("names the profile button by the name it shows, then what it is", async () => {
    await renderConsole("/", { role: "SuperAdmin" });
    const banner = await screen.findByRole("banner");
    expect(await within(banner).findByRole("button", { name: "Ada SuperAdmin, Profile" })).toHaveTextContent(
      "Ada SuperAdmin",
    );
  });

  for (const role of ["SuperAdmin", "Admin"] as const) {
    it(`leaves no shown text out of a name on Home as ${role}: figures, status rows, the bell's count`, async () => {
      await renderConsole("/", { role });
      await screen.findByRole("region", { name: "Tests per day" });
      await within(screen.getByRole("banner")).findByRole("button", { name: /^What's new: \d+ new$/ });
      expect(labelInNameMisses(document.body)).toEqual([]);
    });
  }
});
