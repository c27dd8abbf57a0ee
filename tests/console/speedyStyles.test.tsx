/**
 * The console tests' styles (harness/speedyStyles.ts): MUI's rules land in one sheet, still apply,
 * and a rule jsdom cannot parse is left out.
 */
import { render, screen } from "@testing-library/react";
import { Box, Button } from "@mui/material";
import { expect, it } from "vitest";

it("puts MUI's rules in one sheet, where they still apply", () => {
  render(
    <>
      <Button sx={{ visibility: "hidden" }}>Hidden</Button>
      <Box component="input" aria-label="Code" sx={{ "&::-moz-placeholder": { color: "red" }, color: "blue" }} />
    </>,
  );
  expect(getComputedStyle(screen.getByText("Hidden")).visibility).toBe("hidden");
  expect(screen.queryByRole("button", { name: "Hidden" })).toBeNull();
  expect(getComputedStyle(screen.getByRole("textbox", { name: "Code" })).color).toBe("rgb(0, 0, 255)");
  const emotionSheets = [...document.querySelectorAll("style[data-emotion]")];
  expect(emotionSheets).toHaveLength(1);
  const rules = [...(emotionSheets[0] as HTMLStyleElement).sheet!.cssRules].map((rule) => rule.cssText);
  expect(rules.some((rule) => rule.includes("-moz-placeholder"))).toBe(false);
});
