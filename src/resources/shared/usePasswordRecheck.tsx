import { useRef, useState, type ReactNode } from "react";
import { PasswordDialog } from "../../custom/testDetail/PasswordDialog";

/**
 * The password re-check a high-impact action asks for (spec §6: Advanced Settings, a refund, deleting an account, a
 * scheduled action's cancel or run), as a promise: `confirm()` opens the password dialog and
 * resolves true once the service accepted the password (the action may then be sent), false when
 * the person cancels. Render `dialog` once; `asking` is true while it is open. `body`: what the
 * password is for (PasswordDialog's own words without it), its values given to `confirm` (what
 * is about to be done: a refund's amount).
 */
export function usePasswordRecheck(body?: string): {
  confirm: (bodyArgs?: Record<string, unknown>) => Promise<boolean>;
  dialog: ReactNode;
  asking: boolean;
} {
  const [open, setOpen] = useState(false);
  const [bodyArgs, setBodyArgs] = useState<Record<string, unknown>>();
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const done = (confirmed: boolean) => {
    setOpen(false);
    settle.current?.(confirmed);
    settle.current = null;
  };
  const confirm = (args?: Record<string, unknown>) =>
    new Promise<boolean>((resolve) => {
      settle.current = resolve;
      setBodyArgs(args);
      setOpen(true);
    });
  const dialog = (
    <PasswordDialog
      open={open}
      body={body}
      bodyArgs={bodyArgs}
      onCancel={() => done(false)}
      onConfirmed={() => done(true)}
    />
  );
  return { confirm, dialog, asking: open };
}
