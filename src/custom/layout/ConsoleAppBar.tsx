import { forwardRef, useCallback, useMemo, useState, type MouseEvent } from "react";
import {
  Box,
  Button,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from "@mui/material";
import PersonIcon from "@mui/icons-material/PersonOutline";
import SettingsIcon from "@mui/icons-material/SettingsOutlined";
import { Link } from "react-router-dom";
import { AppBar, Logout, UserMenuContextProvider, useTranslate, useUserMenu } from "react-admin";
import { PRODUCT_NAME } from "../../config";
import { ChangeLogButton } from "../changeLog/ChangeLogButton";
import { PaletteLauncher } from "../palette/PaletteLauncher";
import { UserAvatar } from "./UserAvatar";
import { useCurrentUser } from "../../authProvider/useCurrentUser";
import { visuallyHidden } from "./visuallyHidden";

/**
 * A link of the profile menu. What MUI's MenuList hands its items (autoFocus on the first when the
 * menu opens, tabIndex) goes on to the MenuItem: without it, a menu opened from the keyboard
 * focused its paper, and the arrow keys never reached an item.
 */
const ProfileMenuLink = forwardRef<
  HTMLAnchorElement,
  { to: string; label: string; icon: React.ReactNode; autoFocus?: boolean; tabIndex?: number }
>(function ProfileMenuLink({ label, icon, ...link }, ref) {
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} {...link} ref={ref} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
});

/**
 * Profile menu (spec §2): My Profile, Settings, Logout, opened from the user's avatar (with their
 * name beside it on wider screens). react-admin's UserMenu, laid out the same way, draws its own
 * Avatar whenever the identity has an image, and that one falls back to the alt text's first letter
 * ("U" for Uma Tran) when the image fails; ours is always UserAvatar, whose fallback is spec §1's
 * initials ("UT"), as on My Profile.
 */
function ProfileMenu() {
  const translate = useTranslate();
  const user = useCurrentUser();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up("sm"));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = useCallback(() => setAnchor(null), []);
  const menuContext = useMemo(() => ({ onClose: close }), [close]);
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const label = translate("app.profile.menu");
  // The avatar says who, as the name beside it does: hidden from the button's name, which is the
  // name a person reads on it, then what the button is ("Uma Tran, Profile": label in name, WCAG
  // 2.5.3 — an aria-label "Profile" hid the name a speech user would say).
  const avatar = (
    <Box component="span" aria-hidden sx={{ display: "inline-flex" }}>
      <UserAvatar firstName={user?.firstName} lastName={user?.lastName} src={user?.avatar} size={32} />
    </Box>
  );
  const what = (
    <Box component="span" sx={visuallyHidden}>
      {translate("app.profile.menuAfterName")}
    </Box>
  );
  const menuProps = {
    "aria-haspopup": true,
    "aria-controls": anchor ? "profile-menu" : undefined,
  };
  return (
    <>
      {wide && user?.fullName ? (
        // The avatar as a child, not a startIcon: a start icon's font size (20 px) would swell its initials.
        <Button {...menuProps} color="inherit" onClick={open} sx={{ textTransform: "none", ml: 0.5, gap: 1 }}>
          {avatar}
          <span>
            {user.fullName}
            {what}
          </span>
        </Button>
      ) : (
        // The tooltip describes (it would name the button "Profile" otherwise, over its content).
        <Tooltip title={label} describeChild>
          <IconButton {...menuProps} color="inherit" onClick={open}>
            {avatar}
            <Box component="span" sx={visuallyHidden}>
              {user?.fullName ?? ""}
            </Box>
            {what}
          </IconButton>
        </Tooltip>
      )}
      <UserMenuContextProvider value={menuContext}>
        <Menu
          id="profile-menu"
          disableScrollLock
          anchorEl={anchor}
          anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
          transformOrigin={{ vertical: "top", horizontal: "right" }}
          open={anchor !== null}
          onClose={close}
        >
          <ProfileMenuLink
            to={`/users/${user?.id ?? ""}`}
            label={translate("app.profile.myProfile")}
            icon={<PersonIcon />}
          />
          <ProfileMenuLink to="/user-settings" label={translate("app.profile.settings")} icon={<SettingsIcon />} />
          <Logout />
        </Menu>
      </UserMenuContextProvider>
    </>
  );
}

/**
 * Top bar (spec §1): "{product} Admin", the command palette's Search, the change log and the profile
 * menu. It stays on screen as the page scrolls (`alwaysOn`): react-admin's slides it away, hidden,
 * and its controls (Search, What's new, Logout) left the Tab order on a scrolled page (WCAG 2.1.1).
 */
export function ConsoleAppBar() {
  const translate = useTranslate();
  return (
    <AppBar color="primary" alwaysOn userMenu={<ProfileMenu />} toolbar={<ChangeLogButton />}>
      <Typography
        variant="h6"
        component="span"
        // On the narrowest screens (320 px, or 400 % zoom) the title gives way, cut with "…", so
        // the buttons after it (the profile's) stay whole on the screen (WCAG 1.4.10).
        sx={{ fontWeight: 700, whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis", minWidth: 0, mr: 2 }}
        data-testid="app-title"
      >
        {translate("app.admin", { product: PRODUCT_NAME })}
      </Typography>
      <Box sx={{ flex: 1 }} />
      {/* The command palette (Ctrl+K): its code loads on first use. */}
      <PaletteLauncher />
    </AppBar>
  );
}
