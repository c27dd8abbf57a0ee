import type { ReactNode } from "react";
import { Alert } from "@mui/material";

/**
 * The service's refusal of a guest form, announced to screen readers; nothing when there is none.
 * Sign-in uses it too, outside react-admin: it imports nothing of react-admin.
 */
export function Refusal({ message, action }: { message: ReactNode; action?: ReactNode }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" action={action}>
      {message}
    </Alert>
  );
}
