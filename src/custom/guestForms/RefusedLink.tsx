import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Link as MuiLink, Stack } from "@mui/material";
import { useTranslate } from "react-admin";
import { Refusal } from "./Refusal";

/** A guest page whose link cannot be used (unknown, expired, used): why, and the way to sign in. */
export function RefusedLink({ message }: { message: ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Refusal message={message} />
      <MuiLink component={Link} to="/login" variant="body2">
        {translate("guestForm.goToLogin")}
      </MuiLink>
    </Stack>
  );
}
