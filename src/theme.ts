import { alpha, darken, lighten, type Theme } from "@mui/material/styles";
import { defaultTheme, type RaThemeOptions } from "react-admin";
import { BORDER_RADIUS, SIDEBAR_CLOSED_WIDTH, SIDEBAR_WIDTH } from "./config";
import { CHECKBOX_NAMES } from "./custom/layout/checkboxNames";

/** The class of a table cell's text cut to its width (columns.tsx `truncate`), styled by the table. */
export const TRUNCATED_CELL_TEXT = "cell-truncated";
const MOBILE_TOOLBAR = "RaToolbar-mobileToolbar";

/** The line under a table cell, as MUI's TableCell draws it (the divider, opaque, lightened or darkened). */
const tableCellBorder = (theme: Theme) =>
  theme.palette.mode === "light"
    ? lighten(alpha(theme.palette.divider, 1), 0.88)
    : darken(alpha(theme.palette.divider, 1), 0.68);

/**
 * A list's rows, cells and selection boxes as MUI's small TableRow, TableCell and Checkbox draw them,
 * for the plain ones (PlainRow.tsx, PlainCell.tsx): styled once for the table, not for each element.
 */
const plainRowStyles = (theme: Theme) => ({
  "& tr.RaDataTable-row": {
    color: "inherit",
    display: "table-row",
    verticalAlign: "middle",
    outline: 0,
    "&.MuiTableRow-hover:hover": { backgroundColor: theme.palette.action.hover },
  },
  "& td.MuiTableCell-body": {
    ...theme.typography.body2,
    display: "table-cell",
    verticalAlign: "inherit",
    borderBottom: `1px solid ${tableCellBorder(theme)}`,
    textAlign: "left",
    padding: "6px 16px",
    color: theme.palette.text.primary,
    "&.MuiTableCell-alignRight": { textAlign: "right", flexDirection: "row-reverse" },
    // react-admin's theme: a checkbox cell 8 px each side.
    "&.MuiTableCell-paddingCheckbox": { width: 24, padding: "0 8px" },
  },
  "& td.MuiTableCell-paddingCheckbox > .MuiCheckbox-root": {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    position: "relative",
    boxSizing: "border-box",
    WebkitTapHighlightColor: "transparent",
    backgroundColor: "transparent",
    outline: 0,
    border: 0,
    margin: 0,
    borderRadius: "50%",
    padding: 0,
    cursor: "pointer",
    userSelect: "none",
    verticalAlign: "middle",
    appearance: "none",
    textDecoration: "none",
    color: theme.palette.text.secondary,
    "&.Mui-checked": { color: theme.palette.primary.main },
    "&.Mui-disabled": { pointerEvents: "none", cursor: "default", color: theme.palette.action.disabled },
    "&:hover": {
      backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity),
      "@media (hover: none)": { backgroundColor: "transparent" },
    },
    // Where MUI's focus ripple would pulse (its colour, at its 0.3): the box reached with the keyboard shows it is.
    "&:has(> input:focus-visible)": { backgroundColor: "color-mix(in srgb, currentColor 30%, transparent)" },
    "& > input": {
      cursor: "inherit",
      position: "absolute",
      opacity: 0,
      width: "100%",
      height: "100%",
      top: 0,
      left: 0,
      margin: 0,
      padding: 0,
      zIndex: 1,
    },
    "& > svg": {
      userSelect: "none",
      width: "1em",
      height: "1em",
      display: "inline-block",
      flexShrink: 0,
      transition: theme.transitions.create("fill", { duration: theme.transitions.duration.shorter }),
      fill: "currentColor",
      fontSize: theme.typography.pxToRem(24),
    },
  },
});

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: "light",
    primary: { main: "#1d3557", light: "#457b9d", dark: "#0f1f33", contrastText: "#ffffff" },
    secondary: { main: "#2a9d8f", contrastText: "#ffffff" },
    // Darker than MUI's defaults so white text on a filled chip reads (4.5:1; was 3.11 and 3.86).
    warning: { main: "#b45309" },
    info: { main: "#0277bd" },
    // A required field's asterisk on a filled input's grey (#f0f0f0): MUI's red gave 4.36:1.
    error: { main: "#c62828" },
    background: { default: "#f4f6f9", paper: "#ffffff" },
  },
  shape: { borderRadius: BORDER_RADIUS },
  sidebar: { width: SIDEBAR_WIDTH, closedWidth: SIDEBAR_CLOSED_WIDTH },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 600 },
    h4: { fontWeight: 600 },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
  },
  components: {
    ...defaultTheme.components,
    MuiAppBar: { defaultProps: { elevation: 0, color: "primary" } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: BORDER_RADIUS } } },
    MuiCheckbox: CHECKBOX_NAMES,
    // A facet of the filter panel reached by keyboard: MUI marks focus with the same grey as a chosen
    // facet, so a keyboard user could not tell "here" from "in use". An outline says "here".
    MuiListItemButton: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          "&.Mui-focusVisible": { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
        }),
      },
    },
    // A list beside its filter sidebar must shrink, and a wide table scroll, rather than widen the page.
    // The table scrolls, not the list's card: a card that scrolls clips what stands above it, and
    // react-admin draws the bulk actions bar there (rows could be selected, their actions never seen).
    RaList: {
      styleOverrides: {
        root: { "& .RaList-main": { minWidth: 0 }, "& .RaDataTable-tableWrapper": { overflowX: "auto" } },
      },
    },
    // On a phone react-admin fixes a form's Save bar to the window: on a detail page it then covered
    // the cards above the form, disabled, while no one was editing. Sticky, it stays with its form.
    // Its form then needs no room kept under it for the fixed bar.
    RaToolbar: { styleOverrides: { root: { [`&.${MOBILE_TOOLBAR}`]: { position: "sticky" } } } },
    RaSimpleForm: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          [theme.breakpoints.down("sm")]: { paddingBottom: theme.spacing(2) },
        }),
      },
    },
    // The top bar comes back over the page as it scrolls up: a row reached by Shift+Tab was scrolled
    // just under it, its focus hidden (WCAG 2.4.11). Focus scrolls keep clear of it, and of the
    // bars that stick to the window's foot (a phone's Save, the gallery's selection).
    MuiCssBaseline: { styleOverrides: { html: { scrollPaddingTop: 72, scrollPaddingBottom: 80 } } },
    // react-admin draws its "Skip to content" link in white on the page's near-white ground (1.1:1):
    // the first Tab of every page showed a pale empty box. White with the primary colour's words on
    // the top bar, ringed, over the bar's title rather than the menu button beside it.
    RaSkipNavigationButton: {
      defaultProps: { disableRipple: true },
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          "&, &:hover": { backgroundColor: theme.palette.background.paper, color: theme.palette.primary.main },
          "&:focus-visible": { outline: `2px solid ${theme.palette.background.paper}`, outlineOffset: 2 },
          left: 64,
          "&:focus": { top: 6 },
        }),
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: "none", fontWeight: 600 } },
    },
    // A column's sort button is its heading's text: at least 24 px tall, the smallest target a finger
    // is asked to hit (WCAG 2.2 target size; Lighthouse flagged the lists' headings on a phone).
    // Reached by keyboard, MUI only fades an unsorted heading and leaves a sorted one as it was: a
    // ring says where the focus is (WCAG 2.4.7).
    MuiTableSortLabel: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          minHeight: 24,
          "&.Mui-focusVisible": {
            outline: `2px solid ${theme.palette.primary.main}`,
            outlineOffset: 2,
            borderRadius: 2,
          },
        }),
      },
    },
    // With nothing selected, react-admin folds the bulk actions bar to no height over the table's
    // heading, its buttons still there: Tab stopped on buttons no one could see, and axe read them
    // as covering the sort buttons (target size). Hidden while folded, so they are neither.
    RaBulkActionsToolbar: {
      styleOverrides: { root: { "& .RaBulkActionsToolbar-collapsed": { visibility: "hidden" } } },
    },
    // A long text cut in its cell (columns.tsx `truncate`): styled once for the table, not per cell.
    RaDataTable: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          ...plainRowStyles(theme),
          [`& .${TRUNCATED_CELL_TEXT}`]: {
            display: "block",
            maxWidth: "8rem",
            overflow: "hidden",
            textOverflow: "ellipsis",
            whiteSpace: "nowrap",
            [theme.breakpoints.up("sm")]: { maxWidth: "12rem" },
          },
        }),
      },
    },
  },
};

/**
 * The dark theme (User Settings → Interface): the same shapes and type, a deep navy ground that
 * keeps the brand's colour, and lighter accents that read on it. The app bar keeps a navy of its
 * own rather than MUI's grey, so the console is still recognisably itself.
 */
export const darkTheme: RaThemeOptions = {
  ...theme,
  palette: {
    mode: "dark",
    primary: { main: "#8fb8e8", light: "#b9d3f2", dark: "#5d87b8", contrastText: "#0b1522" },
    secondary: { main: "#4cc2b3", contrastText: "#0b1522" },
    // MUI's dark red carries white text at 3.68:1; a lighter red carries dark text (a filled chip).
    error: { main: "#f28b82" },
    background: { default: "#0d1520", paper: "#152030" },
    divider: "rgba(200, 216, 235, 0.12)",
    text: { primary: "#e7eef6", secondary: "#a3b3c6" },
  },
  components: {
    ...theme.components,
    MuiAppBar: {
      defaultProps: { elevation: 0, color: "primary", enableColorOnDark: true },
      styleOverrides: {
        root: {
          backgroundColor: "#132a45",
          color: "#ffffff",
          borderBottom: "1px solid rgba(200, 216, 235, 0.12)",
        },
      },
    },
    // The light theme's inputs and form toolbars are tinted grey: on navy, a light tint instead.
    MuiFilledInput: {
      styleOverrides: {
        root: {
          backgroundColor: "rgba(200, 216, 235, 0.07)",
          "&:hover": { backgroundColor: "rgba(200, 216, 235, 0.11)" },
          "&.Mui-focused": { backgroundColor: "rgba(200, 216, 235, 0.09)" },
        },
      },
    },
    RaToolbar: {
      styleOverrides: {
        root: { backgroundColor: "rgba(200, 216, 235, 0.06)", [`&.${MOBILE_TOOLBAR}`]: { position: "sticky" } },
      },
    },
    // MUI lightens dark papers by elevation with a gradient; flat colours read better here.
    MuiPaper: { styleOverrides: { root: { backgroundImage: "none" }, rounded: { borderRadius: BORDER_RADIUS } } },
  },
};
