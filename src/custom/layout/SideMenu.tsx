import {
  Box,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Tooltip,
  Typography,
  useMediaQuery,
  type SxProps,
  type Theme,
} from "@mui/material";
import { memo, useCallback, type ComponentType, type MouseEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { useDataProvider, useSidebarState, useTranslate } from "react-admin";
import { APP_VERSION } from "../../config";
import { INACTIVE_MENU, MENU_SCREENS } from "../../access/screens";
import { useSentToNewSubscription } from "../status/SubscriptionGate";
import { useAccessibleScreens } from "../../access/useAccessibleScreens";
import type { ConsoleDataProvider } from "../../dataProvider";
import { activeMenuPath } from "./activeMenu";
import { openAfterEarlyRows } from "../startup/earlyRows";

/** A menu item's look: the current page's item filled with the primary colour. */
const ITEM_SX: SxProps<Theme> = {
  mx: 1,
  mb: 0.25,
  borderRadius: 2,
  "&.Mui-selected": { bgcolor: "primary.main", color: "primary.contrastText" },
  "&.Mui-selected:hover": { bgcolor: "primary.light" },
  "&.Mui-selected .MuiListItemIcon-root": { color: "primary.contrastText" },
  // The current page's item with the keyboard's focus (after Enter on it): MUI's pale
  // focus ground under its white text read at 1.56:1. A darker ground and a ring.
  "&.Mui-selected.Mui-focusVisible": {
    bgcolor: "primary.dark",
    outline: (theme) => `2px solid ${theme.palette.primary.light}`,
    outlineOffset: 2,
  },
};

/**
 * A menu item in the folded rail: as wide as the rail leaves it, so its rounded ground is whole
 * (the item's full width was cut square at the rail's edge); the name, clipped, stays its label.
 */
const FOLDED_ITEM_SX: SxProps<Theme> = {
  ...ITEM_SX,
  width: 40,
  px: 1,
  overflow: "hidden",
  whiteSpace: "nowrap",
  "& .MuiListItemIcon-root": { minWidth: 0, mr: 2 },
};

/** The sidebar (spec §2): the items the role may see, the active one by first path segment, the version. */
export function SideMenu() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [open, setOpen] = useSidebarState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"));
  const screens = useAccessibleScreens(MENU_SCREENS);
  const inactive = useSentToNewSubscription();
  const items = inactive ? INACTIVE_MENU : screens;
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const navigate = useNavigate();
  const onOpen = useCallback(
    (event: MouseEvent, path: string, selected: boolean) => {
      if (isSmall) setOpen(false);
      // Opened in another tab or window: that page asks for its own lists.
      if (selected || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      // The page's first lists leave with the click (issue 13); their first rows are drawn as they
      // come, where the page last drew them, and the page opens then (issue 23).
      if (openAfterEarlyRows(path, dataProvider.prefetchPage(path), () => navigate(path))) event.preventDefault();
    },
    [dataProvider, isSmall, navigate, setOpen],
  );
  // The sidebar appears whole, once canAccess has answered for every item.
  if (!items) return null;
  const active = activeMenuPath(
    pathname,
    items.map((item) => ({ path: item.path, segments: item.menu!.segments })),
  );

  return (
    <Box
      component="nav"
      aria-label={translate("app.mainMenu")}
      sx={{ display: "flex", flexDirection: "column", minHeight: "calc(100vh - 64px)", pt: 1 }}
    >
      <List dense={false} sx={{ flex: 1 }}>
        {items.map((item) => (
          <MenuItem
            key={item.path}
            path={item.path}
            title={translate(item.title)}
            Icon={item.menu!.icon}
            selected={item.path === active}
            open={open}
            onOpen={onOpen}
          />
        ))}
      </List>
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid="app-version"
        sx={{ px: 2.5, py: 1.5, whiteSpace: "nowrap", textAlign: open ? "left" : "center" }}
      >
        {open ? translate("app.version", { version: APP_VERSION }) : APP_VERSION}
      </Typography>
    </Box>
  );
}

/**
 * One item of the menu, drawn again only when it changes: a click redraws the two items whose
 * selection changed, not the whole menu (each item's styles cost the menu click ~7 ms).
 */
const MenuItem = memo(function MenuItem({
  path,
  title,
  Icon,
  selected,
  open,
  onOpen,
}: {
  path: string;
  title: string;
  Icon: ComponentType;
  selected: boolean;
  open: boolean;
  onOpen: (event: MouseEvent, path: string, selected: boolean) => void;
}) {
  const button = (
    <ListItemButton
      component={Link}
      to={path}
      selected={selected}
      aria-current={selected ? "page" : undefined}
      onClick={(event: MouseEvent) => onOpen(event, path, selected)}
      sx={open ? ITEM_SX : FOLDED_ITEM_SX}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Icon />
      </ListItemIcon>
      <ListItemText primary={title} />
    </ListItemButton>
  );
  // Each link in its own list item: a <ul> holds <li>s (screen readers count the menu's items).
  return (
    <ListItem disablePadding sx={{ display: "block" }}>
      {open ? (
        button
      ) : (
        <Tooltip title={title} placement="right">
          {button}
        </Tooltip>
      )}
    </ListItem>
  );
});
