import type { ReactNode } from "react";
import { DataTable, useResourceContext, useStore } from "react-admin";
import { tableChoiceOf } from "./columnOrder";

/**
 * A list's DataTable (among `listChildren`) and the choice stored for it, under react-admin
 * DataTable's own keys (columnOrder.ts): the hidden columns and the order. The Columns chooser
 * writes them; the table, and a phone's two columns (PhoneTable), follow them.
 */
export function useTableChoice(listChildren: ReactNode) {
  const resource = useResourceContext();
  const choice = tableChoiceOf(listChildren, DataTable);
  const storeKey = choice?.storeKey ?? `${resource}.datatable`;
  const [hidden, setHidden] = useStore<string[]>(storeKey, choice?.hiddenAtFirst ?? []);
  const [ranks, setRanks] = useStore<number[] | undefined>(`${storeKey}_columnRanks`);
  return { choice, storeKey, hidden, setHidden, ranks, setRanks };
}
