/**
 * The signed-in user's preferences in the console: loaded from the service once per sign-in (and
 * per page load, so a change made on another device arrives), kept in react-admin's store so a
 * reload applies them before the service answers, and applied: the theme (react-admin's store key
 * "theme"), the sidebar's state at sign-in, and the lists' page size.
 */
import { useCallback, useEffect } from "react";
import { useMediaQuery, type Theme } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { HttpError, useDataProvider, useSidebarState, useStore, useStoreContext, useTheme } from "react-admin";
import { DEFAULT_PREFERENCES, type PreferencesUpdate, type UserPreferences } from "../../api/userSettings";
import { useCurrentUser } from "../../authProvider/useCurrentUser";
import type { ConsoleDataProvider } from "../../dataProvider";

/** react-admin's store key of the cached preferences (cleared with the store at sign-out). */
export const PREFERENCES_KEY = "preferences";

/** The cached preferences, with whose they are. */
export interface CachedPreferences extends UserPreferences {
  userId: string;
}

const queryKey = (userId: string | undefined) => ["preferences", userId ?? ""];

/** The user's preferences as this browser last knew them; the defaults before the first answer. */
export function usePreferences(): UserPreferences {
  const user = useCurrentUser();
  const [cached] = useStore<CachedPreferences | undefined>(PREFERENCES_KEY);
  return cached && cached.userId === user?.id ? cached : DEFAULT_PREFERENCES;
}

/** The lists' default page size: the user's "rows per page". */
export const useListPerPage = (): number => usePreferences().rowsPerPage;

/** GET users/me/preferences, once per sign-in: react-query keeps the answer for the session. */
export function usePreferencesQuery() {
  const user = useCurrentUser();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: queryKey(user?.id),
    queryFn: ({ signal }) => dataProvider.getPreferences(signal),
    enabled: Boolean(user?.id),
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * Applies the preferences whenever they arrive or change: caches them, sets the theme, and at
 * sign-in opens or closes the sidebar. Later in the session the sidebar stays where the user puts
 * it (spec §2 remembers its state). On a phone the sidebar is a drawer over the page (react-admin's
 * below "sm"): sign-in never opens it there, whatever the preference, or it would hide the page.
 */
export function PreferencesSync(): null {
  const user = useCurrentUser();
  const { data } = usePreferencesQuery();
  const store = useStoreContext();
  const [, setTheme] = useTheme();
  const [, setSidebarOpen] = useSidebarState();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"), { noSsr: true });
  const userId = user?.id;
  useEffect(() => {
    if (!data || !userId) return;
    const cached = store.getItem<CachedPreferences>(PREFERENCES_KEY);
    store.setItem<CachedPreferences>(PREFERENCES_KEY, { ...data, userId });
    setTheme(data.theme);
    if (cached?.userId !== userId) setSidebarOpen(data.sidebarOpen && !phone);
  }, [data, userId, store, setTheme, setSidebarOpen, phone]);
  return null;
}

/** The stored preferences a 409 carries, when the error is one. */
function changedElsewhere(error: unknown): UserPreferences | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const current = (error.body as { current?: UserPreferences } | null)?.current;
  return current ?? null;
}

export type SaveResult = { kind: "saved"; preferences: UserPreferences } | { kind: "changedElsewhere" };

/**
 * Saves some preferences on top of the version this browser holds (so two sections saved one after
 * the other never conflict with each other). When they were changed on another device meanwhile,
 * the stored ones replace the cached ones and the caller says so: the user makes their change again.
 */
export function useSavePreferences(): (update: Omit<PreferencesUpdate, "version">) => Promise<SaveResult> {
  const user = useCurrentUser();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const cached = usePreferences();
  const userId = user?.id;
  return useCallback(
    async (update) => {
      const key = queryKey(userId);
      const current = queryClient.getQueryData<UserPreferences>(key) ?? cached;
      try {
        const saved = await dataProvider.updatePreferences({ ...update, version: current.version });
        queryClient.setQueryData(key, saved);
        return { kind: "saved", preferences: saved };
      } catch (error) {
        const stored = changedElsewhere(error);
        if (!stored) throw error;
        queryClient.setQueryData(key, stored);
        return { kind: "changedElsewhere" };
      }
    },
    [userId, dataProvider, queryClient, cached],
  );
}
