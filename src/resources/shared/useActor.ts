import { useMemo } from "react";
import { useSessionUser } from "../../custom/layout/useSessionRole";
import type { Actor } from "./permissions";

/** The signed-in user as the permission rules read them (the guard already required a session). */
export function useActor(): Actor {
  const user = useSessionUser();
  return useMemo(() => ({ id: user.id, role: user.role ?? "User", accountId: user.accountId }), [user]);
}
