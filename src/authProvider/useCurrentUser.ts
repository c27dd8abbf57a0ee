import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useAuthProvider, useGetIdentity } from "react-admin";
import type { Role } from "../api/types";
import type { ConsoleAuthProvider } from "./authProvider";

/** The signed-in user as authProvider.getIdentity() gives them. */
export interface CurrentUser {
  id: string;
  role: Role;
  accountId: string;
  firstName: string;
  lastName: string;
  fullName: string;
  avatar?: string;
  email: string;
}

/**
 * The signed-in user, read the one way the console reads them: react-admin's identity over the
 * session. Undefined for a guest and while the first answer is pending (the screen guard waits
 * for it, so signed-in pages always have it).
 */
export function useCurrentUser(): CurrentUser | undefined {
  return useIdentity().identity as CurrentUser | undefined;
}

/**
 * react-admin's identity query, answered at once for a guest: getIdentity refuses a visitor who is
 * not signed in, and that refusal is an answer, not a failure to retry (react-query would retry it
 * for seconds before a public page could open).
 */
export function useIdentity() {
  // Nor asked again by each new reader: a guest's page that reads the identity too (the data-
  // deletion request fills in a signed-in user's email) would make the query pending again as it
  // mounts, the public shell would show its loader instead of the page, and so on for ever; and
  // each page a signed-in user opens would ask again and draw every reader twice (issue 13). The
  // identity changes with the session only, and a change of session asks again (SessionSync).
  return useGetIdentity({ retry: false, retryOnMount: false, staleTime: Infinity });
}

/**
 * Keeps react-admin's cached answers about the session (identity, permissions, canAccess) in step
 * with the session itself (a sign-in on a guest page, a sign-out in another tab, the current
 * user's record refreshed).
 */
export function SessionSync(): null {
  const authProvider = useAuthProvider<ConsoleAuthProvider>();
  const queryClient = useQueryClient();
  useEffect(
    () => authProvider?.subscribe(() => void queryClient.invalidateQueries({ queryKey: ["auth"] })),
    [authProvider, queryClient],
  );
  return null;
}
