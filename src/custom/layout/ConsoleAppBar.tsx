import { forwardRef } from "react";
import { Box, ListItemIcon, ListItemText, MenuItem, Typography } from "@mui/material";
import PersonIcon from "@mui/icons-material/PersonOutline";
import SettingsIcon from "@mui/icons-material/SettingsOutlined";
import { Link } from "react-router-dom";
import { AppBar, Logout, UserMenu, useTranslate, useUserMenu } from "react-admin";
import { PRODUCT_NAME } from "../../config";
import { ChangeLogButton } from "../changeLog/ChangeLogButton";
import { UserAvatar } from "./UserAvatar";
import { useCurrentUser } from "../../authProvider/useCurrentUser";

const ProfileMenuLink = forwardRef<HTMLAnchorElement, { to: string; label: string; icon: React.ReactNode }>(
  function ProfileMenuLink({ to, label, icon }, ref) {
    const userMenu = useUserMenu();
    return (
      <MenuItem component={Link} to={to} ref={ref} onClick={() => userMenu?.onClose()}>
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText>{label}</ListItemText>
      </MenuItem>
    );
  },
);

/** Profile menu (spec §2): My Profile, Settings, Logout. */
function ProfileMenu() {
  const translate = useTranslate();
  const user = useCurrentUser();
  return (
    <UserMenu
      icon={<UserAvatar firstName={user?.firstName} lastName={user?.lastName} src={user?.avatar} size={32} />}
      label="app.profile.menu"
    >
      <ProfileMenuLink
        to={`/users/${user?.id ?? ""}`}
        label={translate("app.profile.myProfile")}
        icon={<PersonIcon />}
      />
      <ProfileMenuLink to="/user-settings" label={translate("app.profile.settings")} icon={<SettingsIcon />} />
      <Logout />
    </UserMenu>
  );
}

/** Top bar (spec §1): "{product} Admin", the change log and the profile menu. */
export function ConsoleAppBar() {
  const translate = useTranslate();
  return (
    <AppBar color="primary" userMenu={<ProfileMenu />} toolbar={<ChangeLogButton />}>
      <Typography
        variant="h6"
        component="span"
        sx={{ fontWeight: 700, whiteSpace: "nowrap", mr: 2 }}
        data-testid="app-title"
      >
        {translate("app.admin", { product: PRODUCT_NAME })}
      </Typography>
      <Box sx={{ flex: 1 }} />
    </AppBar>
  );
}
