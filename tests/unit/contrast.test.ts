import { describe, expect, it } from "vitest";
import { createTheme, getContrastRatio } from "@mui/material/styles";
import { darkTheme, theme } from "../../src/theme";
import { INITIALS_TEAL } from "../../src/custom/layout/UserAvatar";

/** WCAG AA for normal text (axe's color-contrast, serious). */
const AA = 4.5;

describe("colour contrast of the console's filled colours (issue 12: accessibility)", () => {
  it("reads the initials avatar's text on its teal", () => {
    const light = createTheme(theme);
    expect(getContrastRatio(light.palette.secondary.contrastText, INITIALS_TEAL)).toBeGreaterThanOrEqual(AA);
    const dark = createTheme(darkTheme);
    expect(getContrastRatio(dark.palette.secondary.contrastText, dark.palette.secondary.main)).toBeGreaterThanOrEqual(
      AA,
    );
  });

  for (const [name, options] of [
    ["light", theme],
    ["dark", darkTheme],
  ] as const) {
    it(`reads a filled chip's text on each status colour (${name} theme)`, () => {
      const { palette } = createTheme(options);
      // The tones StatusChip fills (status.ts) and the primary buttons.
      for (const tone of ["success", "warning", "error", "info", "primary"] as const) {
        const ratio = getContrastRatio(palette[tone].contrastText, palette[tone].main);
        expect({ tone, ok: ratio >= AA }).toEqual({ tone, ok: true });
      }
    });
  }
});
