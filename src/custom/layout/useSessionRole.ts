import { useSyncExternalStore } from "react";
import type { Role } from "../../api/types";
import { session, type SessionUser } from "../../authProvider/session";

/** The signed-in user's record, re-rendering when it changes. */
export function useSessionUser(): SessionUser {
  return useSyncExternalStore(session.subscribe, session.getUser);
}

/** The signed-in user's role, or null for a guest. */
export function useSessionRole(): Role | null {
  const user = useSessionUser();
  return user.isLoggedIn ? user.role : null;
}
