import { useMemo, useState } from "react";
import { Avatar, type SxProps, type Theme } from "@mui/material";
import { AVATAR_SIZE } from "../../config";
import { initials } from "../../authProvider/identity";
import { createFailedAvatarCache } from "./failedAvatarCache";

/** White on it: 5.98:1. */
export const INITIALS_TEAL = "#1d6f65";

interface UserAvatarProps {
  firstName?: string;
  lastName?: string;
  src?: string | null;
  size?: number;
  sx?: SxProps<Theme>;
}

/** Spec §1: an avatar falls back to initials; §9: a source that failed is not tried again for a while. */
export function UserAvatar({ firstName = "", lastName = "", src, size = AVATAR_SIZE, sx }: UserAvatarProps) {
  const cache = useMemo(() => createFailedAvatarCache(window.localStorage), []);
  const [failed, setFailed] = useState(() => (src ? cache.has(src) : false));
  const showImage = Boolean(src) && !failed;
  return (
    <Avatar
      src={showImage ? (src ?? undefined) : undefined}
      alt={`${firstName} ${lastName}`.trim()}
      slotProps={{
        img: {
          onError: () => {
            if (src) cache.add(src);
            setFailed(true);
          },
        },
      }}
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        // The brand's teal behind the initials, dark enough on the light theme for white text to read
        // (4.5:1; the plain teal gave 3.07:1); the dark theme's lighter teal carries its dark text.
        bgcolor: (theme) => (theme.palette.mode === "dark" ? theme.palette.secondary.main : INITIALS_TEAL),
        color: "secondary.contrastText",
        ...sx,
      }}
    >
      {initials(firstName, lastName)}
    </Avatar>
  );
}
