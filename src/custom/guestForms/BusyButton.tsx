import { Button, CircularProgress, type ButtonProps } from "@mui/material";

/**
 * A form's main button on the guest pages (and sign-in, and the subscription's Pay): large and
 * contained; while its request runs it is disabled and shows a spinner, so a second click sends
 * nothing twice.
 */
export function BusyButton({ busy, disabled, startIcon, ...props }: ButtonProps & { busy: boolean }) {
  return (
    <Button
      variant="contained"
      size="large"
      {...props}
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : startIcon}
    />
  );
}
