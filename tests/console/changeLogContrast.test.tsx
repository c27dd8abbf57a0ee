import { describe, expect, it } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import { getContrastRatio } from "@mui/material/styles";
import { memoryStore } from "react-admin";
import { ChangeLogButton } from "../../src/custom/changeLog/ChangeLogButton";
import { renderInAdmin } from "./harness/renderInAdmin";

/** WCAG AA for normal text (1.4.3): the marker is a 14 px subtitle, not large text. */
const AA = 4.5;

const entries = [{ title: "Scheduled actions", date: "03-10-2026", content: "Plan an action for later." }];
const now = () => new Date(2026, 2, 14, 12);

describe("the change log's (New) marker (WCAG 1.4.3)", () => {
  for (const mode of ["light", "dark"] as const) {
    it(`reads on the drawer's paper in the ${mode} theme`, async () => {
      renderInAdmin(<ChangeLogButton entries={entries} now={now} />, {
        role: "User",
        providers: { store: memoryStore({ theme: mode }) },
      });
      fireEvent.click(await screen.findByRole("button", { name: /^What's new/ }));
      const drawer = await screen.findByRole("dialog", { name: "What's new" });
      const marker = within(drawer).getByText("(New)");
      const paper = drawer.closest(".MuiDrawer-paper");
      expect(paper).not.toBeNull();
      const text = getComputedStyle(marker).color;
      const ground = getComputedStyle(paper!).backgroundColor;
      expect(getContrastRatio(text, ground)).toBeGreaterThanOrEqual(AA);
    });
  }
});
