import { useMemo, useState } from "react";
import { Avatar, type SxProps, type Theme } from "@mui/material";
import { AVATAR_SIZE } from "../../config";
import { initials } from "../../authProvider/identity";
import { createFailedAvatarCache } from "./failedAvatarCache";

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
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: "secondary.main", ...sx }}
    >
      {initials(firstName, lastName)}
    </Avatar>
  );
}
