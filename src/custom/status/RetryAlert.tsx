import type { ReactNode } from "react";
import { Alert, Button } from "@mui/material";

/** Something that failed to load, said in an error alert, with a button that asks for it again. */
export function RetryAlert({
  retryLabel,
  onRetry,
  children,
}: {
  retryLabel: string;
  onRetry: () => unknown;
  children: ReactNode;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          {retryLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
