import { Box, CircularProgress } from "@mui/material";
import { LOADER_SIZE } from "../../config";

/** Spec §9: the circular loading indicator, size 150, shown while a page loads on demand. */
export function PageLoader({ fullHeight = false }: { fullHeight?: boolean }) {
  return (
    <Box
      sx={{ display: "flex", alignItems: "center", justifyContent: "center", minHeight: fullHeight ? "100vh" : "50vh" }}
    >
      <CircularProgress size={LOADER_SIZE} thickness={2} aria-label="Loading" />
    </Box>
  );
}
