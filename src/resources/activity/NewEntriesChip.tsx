import { useEffect, useRef, useState } from "react";
import { Chip } from "@mui/material";
import NewIcon from "@mui/icons-material/FiberNewOutlined";
import { useDataProvider, useListContext, useTranslate } from "react-admin";
import { ACTIVITY, type ActivityEntry } from "../../api/activity";
import { useLiveChangesOpen } from "../../custom/liveChanges/LiveChanges";

/** How often the feed asks for entries newer than those shown. */
export const ACTIVITY_POLL_MS = 30_000;

const newestOf = (entries: readonly ActivityEntry[] | undefined) =>
  (entries ?? []).reduce((newest, entry) => (entry.createdAt > newest ? entry.createdAt : newest), "");

/**
 * "N new": every `pollMs` it asks for the first page of the feed (newest first, the list's
 * filters and page size) and counts the entries newer than any the list has shown; clicking it goes to the
 * first page and refetches the list in place (no reload). Nothing shows while there is nothing
 * new, while the tab is hidden, or when a poll fails. No polling while the live changes are open:
 * the list is asked again as entries are written (LiveChanges).
 */
export function NewEntriesChip({ pollMs = ACTIVITY_POLL_MS }: { pollMs?: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { data, isPending, filterValues, page, perPage, setPage, refetch } = useListContext<ActivityEntry>();
  /** The newest createdAt the list has shown ("" before any entry): null until the list loaded. */
  const [seen, setSeen] = useState<string | null>(null);
  const [count, setCount] = useState(0);
  const polledNewest = useRef("");
  const liveOpen = useLiveChangesOpen();

  useEffect(() => {
    if (isPending) return;
    const shown = newestOf(data);
    setSeen((previous) => (previous === null || shown > previous ? shown : previous));
  }, [data, isPending]);

  const filterKey = JSON.stringify(filterValues ?? {});
  useEffect(() => {
    // With the live changes open, the list asks again itself as soon as an entry is written.
    if (seen === null || liveOpen) return undefined;
    let live = true;
    const poll = async () => {
      if (document.visibilityState === "hidden") return;
      try {
        const { data: first } = await dataProvider.getList<ActivityEntry>(ACTIVITY, {
          pagination: { page: 1, perPage },
          sort: { field: "createdAt", order: "DESC" },
          filter: JSON.parse(filterKey) as Record<string, unknown>,
        });
        if (!live) return;
        polledNewest.current = newestOf(first);
        setCount(first.filter((entry) => entry.createdAt > seen).length);
      } catch {
        // A failed poll shows nothing new; the next one tries again.
      }
    };
    const timer = setInterval(() => void poll(), pollMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [seen, filterKey, pollMs, dataProvider, perPage, liveOpen]);

  if (count === 0) return null;
  const label =
    count >= perPage
      ? translate("resources.activity.newEntriesMany", { count: perPage })
      : translate("resources.activity.newEntries", { smart_count: count });
  return (
    <Chip
      color="primary"
      icon={<NewIcon />}
      label={label}
      aria-live="polite"
      onClick={() => {
        setSeen((previous) => (previous === null || polledNewest.current > previous ? polledNewest.current : previous));
        setCount(0);
        if (page !== 1) setPage(1);
        void refetch();
      }}
    />
  );
}
