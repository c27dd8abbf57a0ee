/**
 * Lists that update themselves (docs/api.md "Live changes"): once the signed-in page has drawn,
 * the console follows the service's stream of changes and asks again for what shows a changed
 * resource (liveQueries.ts), as react-admin's realtime lists do. Without the stream (a service
 * following spec §7 alone) nothing changes: what polls keeps polling.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useDataProvider } from "react-admin";
import type { LiveResource } from "../../api/liveChanges";
import type { ConsoleDataProvider } from "../../dataProvider";
import { isRefreshedBy } from "./liveQueries";
import { refreshPace } from "./refreshPace";

const LiveChangesOpen = createContext(false);

/** Whether the stream is open now: what polls for changes (the Activity Feed) need not. */
export const useLiveChangesOpen = () => useContext(LiveChangesOpen);

/** After the page's own first work (its data, its drawing): the stream never delays a list's rows. */
function whenIdle(start: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(start, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(start, 500);
  return () => clearTimeout(timer);
}

export function LiveChanges({ children }: { children: ReactNode }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const stop = new AbortController();
    const refresh = (resource: LiveResource | "all") =>
      void queryClient.invalidateQueries({ predicate: (query) => isRefreshedBy(resource, query.queryKey) });
    const pace = refreshPace(refresh);
    // The service ends the stream when the sign-in changed: verify-token brings the user as they
    // are now (a new role redraws the menu and the screens it may use; an ended sign-in goes to
    // /login), and what is shown is asked again for that user.
    const checkSignIn = () =>
      void dataProvider.verifyToken().then(
        () => refresh("all"),
        () => undefined,
      );
    const cancelStart = whenIdle(() => {
      void dataProvider
        .followLiveChanges(
          { onChange: pace.changed, onReset: () => refresh("all"), onConnected: setOpen, onEnded: checkSignIn },
          stop.signal,
        )
        .catch(() => undefined);
    });
    return () => {
      cancelStart();
      stop.abort();
      pace.cancel();
    };
  }, [dataProvider, queryClient]);

  return <LiveChangesOpen.Provider value={open}>{children}</LiveChangesOpen.Provider>;
}
