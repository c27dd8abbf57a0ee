import { Suspense, useState, type ReactNode } from "react";

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

/**
 * A list's dialog opened from a row (a record edited over the list): its code loads as the pointer
 * or focus reaches the table (`approach`, on the element around it), so that a row's click finds it;
 * mounted from its first opening on, as above.
 */
export function useRowDialogOnDemand(load: () => Promise<unknown>) {
  const [id, setId] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  return {
    id,
    opened,
    approach: { onPointerOver: () => void load(), onFocus: () => void load() },
    open: (opening: string) => {
      setOpened(true);
      setId(opening);
    },
    close: () => setId(null),
  };
}

/** Where a list draws its dialog on demand: nothing until first opened, then the dialog once its code is in. */
export function OnDemand({ opened, children }: { opened: boolean; children: ReactNode }) {
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
