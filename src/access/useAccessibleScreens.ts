import { useQuery } from "@tanstack/react-query";
import { useAuthProvider } from "react-admin";
import type { Screen } from "./screens";

/**
 * The screens of a list that authProvider.canAccess opens for the signed-in user, in the list's
 * order (the sidebar, Home's destinations); undefined until the answers are in. Cached under
 * "auth", so a change of session asks again.
 */
export function useAccessibleScreens(screens: readonly Screen[]): Screen[] | undefined {
  const authProvider = useAuthProvider();
  const { data } = useQuery({
    queryKey: ["auth", "canAccessScreens", screens.map((screen) => screen.path)],
    queryFn: async ({ signal }) => {
      const answers = await Promise.all(
        screens.map((screen) => authProvider?.canAccess?.({ ...screen.access, signal }) ?? true),
      );
      return screens.filter((_, index) => answers[index]);
    },
  });
  return data;
}
