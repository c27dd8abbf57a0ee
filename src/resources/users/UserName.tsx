import { Box, Stack, Typography } from "@mui/material";
import type { User } from "../../api/resources";
import { fullName } from "../../authProvider/identity";
import { UserAvatar } from "../../custom/layout/UserAvatar";

/**
 * Avatar (initials when there is no photo, spec §1) and full name. The avatar is hidden from screen
 * readers: beside the name it says nothing more, and in a row's link it made the name "UT Uma Tran".
 */
export function UserName({ user }: { user: Pick<User, "firstName" | "lastName" | "avatar"> }) {
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Box component="span" aria-hidden sx={{ display: "inline-flex" }}>
        <UserAvatar firstName={user.firstName} lastName={user.lastName} src={user.avatar} size={28} />
      </Box>
      <Typography variant="body2" component="span">
        {fullName(user.firstName, user.lastName)}
      </Typography>
    </Stack>
  );
}
