import { createContext, useContext, useState, type ReactElement } from "react";
import { Box, Button, Drawer, IconButton, Stack, Typography } from "@mui/material";
import CloseIcon from "@mui/icons-material/Close";
import FilterIcon from "@mui/icons-material/FilterList";
import { useListContext, useTranslate } from "react-admin";

/** The filter panel is in the phone's drawer: its search is the toolbar's, not its own. */
const FiltersInDrawer = createContext(false);
export const useFiltersInDrawer = () => useContext(FiltersInDrawer);

/** How many filters narrow the list, its search apart (the toolbar shows that one). */
const activeFilterCount = (filterValues: Record<string, unknown>): number =>
  Object.entries(filterValues).filter(([key, value]) => key !== "q" && value !== undefined && value !== "").length;

/**
 * On a phone the filter panel does not fit beside the table: a "Filters" button in the toolbar,
 * counting the filters in use, opens the same panel in a drawer from the bottom of the screen.
 */
export function PhoneFiltersButton({ aside }: { aside: ReactElement }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const [open, setOpen] = useState(false);
  const label = translate("resources.shared.filters");
  const inUse = activeFilterCount(filterValues);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} startIcon={<FilterIcon />}>
        {inUse > 0 ? `${label} (${inUse})` : label}
      </Button>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { "aria-label": label, sx: { maxHeight: "85vh" } } }}
      >
        <Stack direction="row" alignItems="center" sx={{ px: 2, pt: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {label}
          </Typography>
          <IconButton onClick={() => setOpen(false)} aria-label={translate("ra.action.close")}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Box sx={{ px: 1, pb: 2, "& aside": { position: "static", mr: 0, border: 0 } }}>
          <FiltersInDrawer.Provider value={true}>{aside}</FiltersInDrawer.Provider>
        </Box>
      </Drawer>
    </>
  );
}
