import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useAuthProvider, type AuthProvider } from "react-admin";
import type { ConsoleAuthProvider } from "../authProvider/authProvider";
import type { Screen } from "./screens";

/** The console's own provider also answers at once (canAccessNow); another answers through the query only. */
type MaybeAnswersNow = AuthProvider & Partial<Pick<ConsoleAuthProvider, "canAccessNow">>;

const SCREENS_KEY = ["auth", "canAccessScreens"] as const;

/**
 * The screens of a list that authProvider.canAccess opens for the signed-in user, in the list's
 * order (the sidebar, Home's destinations); undefined until the answers are in. Cached under
 * "auth", so a change of session asks again.
 */
export function useAccessibleScreens(screens: readonly Screen[]): Screen[] | undefined {
  const authProvider = useAuthProvider<MaybeAnswersNow>();
  const answerNow = authProvider?.canAccessNow;
  const { data } = useQuery({
    queryKey: [...SCREENS_KEY, screens.map((screen) => screen.path)],
    queryFn: async ({ signal }) => {
      const answers = await Promise.all(
        screens.map((screen) => authProvider?.canAccess?.({ ...screen.access, signal }) ?? true),
      );
      return screens.filter((_, index) => answers[index]);
    },
    initialData: answerNow && (() => screens.filter((screen) => answerNow(screen.access))),
  });
  return data;
}

/** Whether the menu's answers (useAccessibleScreens, already in) say `screen` opens. */
function answeredByMenu(queryClient: QueryClient, screen: Screen): boolean | undefined {
  for (const [key, opened] of queryClient.getQueriesData<Screen[]>({ queryKey: SCREENS_KEY })) {
    const asked = key[2] as readonly string[] | undefined;
    if (opened && asked?.includes(screen.path)) return opened.some((candidate) => candidate.path === screen.path);
  }
  return undefined;
}

/**
 * authProvider.canAccess for the screen at the address (the screen guard). A screen the menu has
 * already asked about is answered at once: a click on the menu then draws the page in the same
 * pass, with no loader between the two pages (which also made React hold the new page back).
 */
export function useScreenAccess(screen: Screen | undefined): { isPending: boolean; canAccess: boolean } {
  const authProvider = useAuthProvider<MaybeAnswersNow>();
  const queryClient = useQueryClient();
  const answerNow = authProvider?.canAccessNow;
  const { data, isPending } = useQuery({
    queryKey: ["auth", "canAccessScreen", screen?.path ?? null],
    queryFn: async ({ signal }) =>
      screen ? ((await authProvider?.canAccess?.({ ...screen.access, signal })) ?? true) : false,
    initialData: () => (screen ? (answerNow?.(screen.access) ?? answeredByMenu(queryClient, screen)) : undefined),
    enabled: screen !== undefined,
  });
  return { isPending: screen !== undefined && isPending, canAccess: data === true };
}
