import { Children, cloneElement, type ReactNode } from "react";
import { useMediaQuery, type Theme } from "@mui/material";
import { DataTable } from "react-admin";
import { drawnColumns, withTableReplaced } from "./columnOrder";
import { useTableChoice } from "./useTableChoice";

/** How many columns a list keeps on a phone: the record's name and the next (issue 26). */
export const PHONE_COLUMNS = 2;

/**
 * A list's table as the screen can show it. On a phone (below MUI's `sm`) only the first
 * PHONE_COLUMNS columns drawn — in the order and with the columns the Columns chooser left — are
 * rendered at all: the rest is on the record's page. Rendered, not hidden by CSS, so a phone does
 * not build and style seven cells a row (status and subscription chips among them) it never shows
 * (issue 23: the rows' commit was the longest task of a cold list at a phone's CPU).
 */
export function PhoneTable({ children }: { children: ReactNode }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"), { noSsr: true });
  const { choice, storeKey, hidden, ranks } = useTableChoice(children);
  if (!phone || !choice) return <>{children}</>;
  const columns = Children.toArray(choice.table.props.children);
  const kept = drawnColumns(choice.names, ranks, hidden)
    .slice(0, PHONE_COLUMNS)
    .map((index) => columns[index]);
  // Its own store key: the columns kept are already the chosen ones, in order (none to hide or move).
  const phoneTable = cloneElement(choice.table, { storeKey: `${storeKey}.phone`, hiddenColumns: [] }, ...kept);
  return <>{withTableReplaced(children, DataTable, phoneTable)}</>;
}
