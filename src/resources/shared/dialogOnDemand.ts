import { useState } from "react";

/**
 * A list's dialog whose code loads after the list's rows (issue 23: a cold /users asked for ~35
 * files before its first row): as the pointer or focus reaches the button that opens it. Mounted
 * from its first opening on, so that closing it keeps its exit transition.
 */
export function useDialogOnDemand(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return {
    open,
    opened,
    close: () => setOpen(false),
    /** The opening button's props. */
    trigger: {
      onPointerEnter: () => void load(),
      onFocus: () => void load(),
      onClick: () => {
        setOpened(true);
        setOpen(true);
      },
    },
  };
}
