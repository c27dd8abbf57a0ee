import { useRef, useState, type ReactNode } from "react";
import { PasswordDialog } from "../../custom/testDetail/PasswordDialog";

/**
 * The password re-check every Advanced Settings change asks for (spec §6), as a promise: `confirm()`
 * opens the password dialog and resolves true once the service accepted the password (the change
 * may then be sent), false when the person cancels. Render `dialog` once.
 */
export function usePasswordRecheck(body = "advancedSettings.password"): {
  confirm: () => Promise<boolean>;
  dialog: ReactNode;
} {
  const [open, setOpen] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const done = (confirmed: boolean) => {
    setOpen(false);
    settle.current?.(confirmed);
    settle.current = null;
  };
  const confirm = () =>
    new Promise<boolean>((resolve) => {
      settle.current = resolve;
      setOpen(true);
    });
  const dialog = <PasswordDialog open={open} body={body} onCancel={() => done(false)} onConfirmed={() => done(true)} />;
  return { confirm, dialog };
}
