import type { ReactNode } from "react";
import { Stack } from "@mui/material";
import { GuestLink } from "./GuestLink";
import { Refusal } from "./Refusal";

/** A guest page whose link cannot be used (unknown, expired, used): why, and the way to sign in. */
export function RefusedLink({ message }: { message: ReactNode }) {
  return (
    <Stack spacing={2}>
      <Refusal message={message} />
      <GuestLink to="/login" label="guestForm.goToLogin" />
    </Stack>
  );
}
