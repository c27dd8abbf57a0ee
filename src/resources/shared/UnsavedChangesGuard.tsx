import { useEffect } from "react";
import { useFormState } from "react-hook-form";
import { useCanBlock } from "react-admin";

/**
 * Warns before leaving a form with unsaved changes. Inside a data router react-admin's own
 * `warnWhenUnsavedChanges` blocks in-app navigation (see useWarnOnLeave); this adds the browser's
 * own prompt on reload or tab close, which react-admin does not cover.
 */
export function UnsavedChangesGuard() {
  const { isDirty, isSubmitSuccessful } = useFormState();
  const active = isDirty && !isSubmitSuccessful;
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);
  return null;
}

/**
 * react-admin's `warnWhenUnsavedChanges` needs a data router (it uses react-router's blocker).
 * The console runs in one (App.tsx); a form rendered outside it, as in some tests, asks only when
 * it can work rather than logging an error.
 */
export function useWarnOnLeave(): boolean {
  return useCanBlock();
}
