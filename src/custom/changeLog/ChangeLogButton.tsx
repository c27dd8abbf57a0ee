import { useId, useState } from "react";
import { Badge, Box, Divider, Drawer, IconButton, Link as MuiLink, Stack, Tooltip, Typography } from "@mui/material";
import type { Theme } from "@mui/material/styles";
import NotificationsIcon from "@mui/icons-material/NotificationsNoneOutlined";
import CloseIcon from "@mui/icons-material/Close";
import { Link } from "react-router-dom";
import { useTranslate } from "react-admin";
import { STORAGE_KEYS } from "../../config";
import { formatDate } from "../format";
import { useCurrentUser } from "../../authProvider/useCurrentUser";
import { badgeCount, entryDate, isNew, visibleEntries, type ChangeLogEntry } from "./changeLog";
import { CHANGE_LOG } from "./entries";

/**
 * The "(New)" marker's colour: the theme's teal, as text on the drawer's paper at 4.5:1 or more
 * (WCAG 1.4.3). The light theme's secondary.main gave 3.32:1 on white, its dark shade reads (6.1:1);
 * on the dark theme's navy it is the main teal that reads (7.6:1), the dark shade would not (3.8:1).
 */
const newMarkerColor = (theme: Theme): string =>
  theme.palette.mode === "dark" ? theme.palette.secondary.main : theme.palette.secondary.dark;

function readLastOpened(): Date | null {
  const raw = window.localStorage.getItem(STORAGE_KEYS.changeLogOpenTime);
  const time = raw ? Date.parse(raw) : NaN;
  return Number.isNaN(time) ? null : new Date(time);
}

interface ChangeLogButtonProps {
  entries?: readonly ChangeLogEntry[];
  now?: () => Date;
}

/** The bell of the top bar and the change-log drawer it opens (spec §2, §4). */
export function ChangeLogButton({ entries = CHANGE_LOG, now = () => new Date() }: ChangeLogButtonProps) {
  const translate = useTranslate();
  const role = useCurrentUser()?.role ?? null;
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const [lastOpened, setLastOpened] = useState(readLastOpened);
  const today = now();
  const count = badgeCount(entries, role, lastOpened, today);
  const visible = visibleEntries(entries, role);

  const openDrawer = () => {
    const openedAt = now();
    window.localStorage.setItem(STORAGE_KEYS.changeLogOpenTime, openedAt.toISOString());
    setLastOpened(openedAt);
    setOpen(true);
  };

  return (
    <>
      <Tooltip title={translate("changeLog.open")}>
        <IconButton
          color="inherit"
          onClick={openDrawer}
          aria-label={count > 0 ? translate("changeLog.openWithCount", { count }) : translate("changeLog.open")}
        >
          <Badge badgeContent={count} color="error" data-testid="change-log-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      {/* The drawer is a dialog (MUI's Paper): named by its heading. */}
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { "aria-labelledby": headingId } }}
      >
        <Box sx={{ width: { xs: "100vw", sm: 400 }, p: 2 }}>
          <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
            <Typography variant="h6" component="h2" id={headingId}>
              {translate("changeLog.title")}
            </Typography>
            <IconButton onClick={() => setOpen(false)} aria-label={translate("ra.action.close")}>
              <CloseIcon />
            </IconButton>
          </Stack>
          {visible.length === 0 && <Typography color="text.secondary">{translate("changeLog.empty")}</Typography>}
          {visible.map((entry, index) => (
            <Box key={`${entry.date}-${entry.title}`} component="article" sx={{ py: 1.5 }}>
              {index > 0 && <Divider sx={{ mb: 1.5 }} />}
              <Typography variant="caption" color="text.secondary">
                {formatDate(entryDate(entry))}
              </Typography>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {entry.title}{" "}
                {isNew(entry, today) && (
                  <Typography component="span" variant="subtitle2" sx={{ color: newMarkerColor }}>
                    {translate("changeLog.new")}
                  </Typography>
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ my: 0.5 }}>
                {entry.content}
              </Typography>
              {entry.featurePath && (
                <MuiLink component={Link} to={entry.featurePath} onClick={() => setOpen(false)} variant="body2">
                  {translate("changeLog.takeMeThere")}
                </MuiLink>
              )}
            </Box>
          ))}
        </Box>
      </Drawer>
    </>
  );
}
