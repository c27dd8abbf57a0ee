import { Children, cloneElement, type ReactNode } from "react";
import { useMediaQuery, type Theme } from "@mui/material";
import { DataTable } from "react-admin";
import { drawnColumns, withTableReplaced } from "./columnOrder";
import { useTableChoice } from "./useTableChoice";

/** How many columns a list keeps on a phone: the record's name and the next (issue 26). */
export const PHONE_COLUMNS = 2;

/**
 * The columns a phone draws, of those drawn on a wider screen (in their order): the first
 * PHONE_COLUMNS, the columns it `keeps` (a row's Restore on a list whose rows have no page to
 * act on) taking the places of the last.
 */
export function phoneColumns(
  drawn: readonly number[],
  names: readonly (string | undefined)[],
  keeps: readonly string[],
) {
  const kept = drawn.filter((index) => keeps.includes(names[index] ?? ""));
  const first = drawn.filter((index) => !kept.includes(index)).slice(0, Math.max(0, PHONE_COLUMNS - kept.length));
  return [...first, ...kept];
}

/**
 * A list's table as the screen can show it. On a phone (below MUI's `sm`) only the first
 * PHONE_COLUMNS columns drawn — in the order and with the columns the Columns chooser left — are
 * rendered at all: the rest is on the record's page. Rendered, not hidden by CSS, so a phone does
 * not build and style seven cells a row (status and subscription chips among them) it never shows
 * (issue 23: the rows' commit was the longest task of a cold list at a phone's CPU).
 */
export function PhoneTable({ children, keeps = [] }: { children: ReactNode; keeps?: readonly string[] }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"), { noSsr: true });
  const { choice, storeKey, hidden, ranks } = useTableChoice(children);
  if (!phone || !choice) return <>{children}</>;
  const columns = Children.toArray(choice.table.props.children);
  const kept = phoneColumns(drawnColumns(choice.names, ranks, hidden), choice.names, keeps).map(
    (index) => columns[index],
  );
  // Its own store key: the columns kept are already the chosen ones, in order (none to hide or move).
  const phoneTable = cloneElement(choice.table, { storeKey: `${storeKey}.phone`, hiddenColumns: [] }, ...kept);
  return <>{withTableReplaced(children, DataTable, phoneTable)}</>;
}
