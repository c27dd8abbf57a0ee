import { Link } from "react-router-dom";
import { Link as MuiLink, type SxProps, type Theme } from "@mui/material";
import { translate } from "../../i18n/translate";

/**
 * A guest page's small link to another page: sign in, register, forgot password, a new link.
 * Sign-in uses it too, outside react-admin: the translator it reads is react-admin's own.
 */
export function GuestLink({ to, label, sx }: { to: string; label: string; sx?: SxProps<Theme> }) {
  return (
    <MuiLink component={Link} to={to} variant="body2" sx={sx}>
      {translate(label)}
    </MuiLink>
  );
}
