/**
 * The column chooser's pure rules (ColumnsChooser.tsx), in react-admin DataTable's own store shape,
 * so the table and the chooser read and write the same choice:
 * - `<storeKey>`: the sources (or labels) of the hidden columns;
 * - `<storeKey>_columnRanks`: the table's children indexes in the order shown, possibly shorter
 *   than the table (the missing ones follow in their own order).
 */
import { Children, isValidElement, type ReactElement, type ReactNode } from "react";

/** A column the chooser offers: what the table hides it by, and its index among the table's children. */
export interface ChoosableColumn {
  index: number;
  /** Its source, else its label: what DataTable's hidden list names. */
  name: string;
  source?: string;
  label?: string;
}

/** What the chooser needs of a list's DataTable: its columns, its store key, its hidden columns at first. */
export interface TableChoice {
  columns: ChoosableColumn[];
  /** The table's own store key, when it has one (else `<resource>.datatable`, as DataTable). */
  storeKey?: string;
  hiddenAtFirst: string[];
}

interface ColumnProps {
  source?: string;
  label?: unknown;
}

interface TableProps {
  children?: ReactNode;
  storeKey?: string;
  hiddenColumns?: string[];
}

/**
 * The table among a list's children (an element of the table's type), read from its props:
 * DataTable counts, orders and hides its columns as its direct children, so the chooser does too.
 * A column with neither a source nor a text label cannot be named and is not offered (as
 * react-admin's own chooser).
 */
export function tableChoiceOf(listChildren: ReactNode, tableType: unknown): TableChoice | undefined {
  const table = Children.toArray(listChildren).find(
    (node): node is ReactElement<TableProps> => isValidElement(node) && node.type === tableType,
  );
  if (!table) return undefined;
  const columns = Children.toArray(table.props.children).flatMap((child, index): ChoosableColumn[] => {
    if (!isValidElement<ColumnProps>(child)) return [];
    const { source } = child.props;
    const label = typeof child.props.label === "string" ? child.props.label : undefined;
    const name = source ?? label;
    return name === undefined ? [] : [{ index, name, source, label }];
  });
  return { columns, storeKey: table.props.storeKey, hiddenAtFirst: table.props.hiddenColumns ?? [] };
}

/** The table's children indexes in the order shown: the stored ranks, then those they leave out. */
export function shownOrder(ranks: readonly number[] | undefined, count: number): number[] {
  const known = (ranks ?? []).filter((index) => Number.isInteger(index) && index >= 0 && index < count);
  const rest = Array.from({ length: count }, (_, index) => index).filter((index) => !known.includes(index));
  return [...new Set(known), ...rest];
}

/**
 * The ranks after moving one column (by its children index) before or after its neighbour among
 * the offered columns, or undefined when it is already first or last.
 */
export function ranksAfterMove(
  ranks: readonly number[] | undefined,
  count: number,
  offered: readonly number[],
  index: number,
  step: -1 | 1,
): number[] | undefined {
  const order = shownOrder(ranks, count);
  const offeredInOrder = order.filter((each) => offered.includes(each));
  const at = offeredInOrder.indexOf(index);
  const neighbour = offeredInOrder[at + step];
  if (at === -1 || neighbour === undefined) return undefined;
  const from = order.indexOf(index);
  const to = order.indexOf(neighbour);
  const moved = [...order];
  moved[from] = neighbour;
  moved[to] = index;
  return moved;
}
