import { useMemo } from "react";
import { useCurrentUser } from "../../authProvider/useCurrentUser";
import type { Actor } from "./permissions";

/** The signed-in user as the permission rules read them (the screen guard already required one). */
export function useActor(): Actor {
  const user = useCurrentUser();
  return useMemo(
    () => ({ id: user?.id ?? "", role: user?.role ?? "User", accountId: user?.accountId ?? "" }),
    [user?.id, user?.role, user?.accountId],
  );
}
