import { defaultTheme, type RaThemeOptions } from "react-admin";
import { BORDER_RADIUS, SIDEBAR_CLOSED_WIDTH, SIDEBAR_WIDTH } from "./config";

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: "light",
    primary: { main: "#1d3557", light: "#457b9d", dark: "#0f1f33", contrastText: "#ffffff" },
    secondary: { main: "#2a9d8f", contrastText: "#ffffff" },
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
    // A list beside its filter sidebar must shrink, and a wide table scroll, rather than widen the page.
    RaList: {
      styleOverrides: {
        root: { "& .RaList-main": { minWidth: 0 }, "& .RaList-content": { overflowX: "auto" } },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: "none", fontWeight: 600 } },
    },
  },
};
