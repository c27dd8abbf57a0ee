import type { Components, Theme } from "@mui/material/styles";

/**
 * A checkbox's aria-label names the box a person ticks, not its wrapper. react-admin's list rows
 * (DataTable's select-row checkbox: "Select this row") put the label on MUI's outer <span>, which
 * has no role: screen readers announced an unnamed checkbox and axe counted 25 critical `label`
 * violations per page. Through the theme, so every Checkbox — react-admin's included — carries an
 * aria-label given to it onto its <input>, and off the span. A Checkbox passing slotProps of its
 * own names its input itself (MUI then uses its slotProps instead of these).
 */
export const CHECKBOX_NAMES: Components<Theme>["MuiCheckbox"] = {
  defaultProps: {
    slotProps: {
      root: { "aria-label": undefined },
      input: (ownerState) => ({
        ...ownerState.inputProps,
        "aria-label": ownerState.inputProps?.["aria-label"] ?? ownerState["aria-label"],
      }),
    },
  },
};
