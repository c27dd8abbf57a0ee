/**
 * The column chooser's pure rules (ColumnsChooser.tsx), in react-admin DataTable's own store shape,
 * so the table and the chooser read and write the same choice:
 * - `<storeKey>`: the sources (or labels) of the hidden columns;
 * - `<storeKey>_columnRanks`: the table's children indexes in the order shown, possibly shorter
 *   than the table (the missing ones follow in their own order).
 */
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

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
  /** The table element itself. */
  table: ReactElement<TableProps>;
  /** Each of its children's name (source, else text label), in the children's order. */
  names: (string | undefined)[];
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

const isTable = (node: ReactNode, tableType: unknown): node is ReactElement<TableProps> =>
  isValidElement(node) && node.type === tableType;

const childrenOf = (node: ReactNode): ReactNode =>
  isValidElement<{ children?: ReactNode }>(node) ? node.props.children : undefined;

/** The table among a list's children, itself or inside an element written there (a `div` that prefetches). */
function findTable(nodes: ReactNode, tableType: unknown): ReactElement<TableProps> | undefined {
  for (const node of Children.toArray(nodes)) {
    if (isTable(node, tableType)) return node;
    const inside = findTable(childrenOf(node), tableType);
    if (inside) return inside;
  }
  return undefined;
}

/** The list's children with its table replaced, where it stands among them. */
export function withTableReplaced(nodes: ReactNode, tableType: unknown, replacement: ReactElement): ReactNode {
  return Children.map(nodes, (node) => {
    if (isTable(node, tableType)) return replacement;
    const inside = childrenOf(node);
    return inside === undefined || !isValidElement(node)
      ? node
      : cloneElement(node, undefined, withTableReplaced(inside, tableType, replacement));
  });
}

/**
 * The table among a list's children (an element of the table's type), read from its props:
 * DataTable counts, orders and hides its columns as its direct children, so the chooser does too.
 * A column with neither a source nor a text label cannot be named and is not offered (as
 * react-admin's own chooser).
 */
export function tableChoiceOf(listChildren: ReactNode, tableType: unknown): TableChoice | undefined {
  const table = findTable(listChildren, tableType);
  if (!table) return undefined;
  const children = Children.toArray(table.props.children);
  const columns = children.flatMap((child, index): ChoosableColumn[] => {
    if (!isValidElement<ColumnProps>(child)) return [];
    const { source } = child.props;
    const label = typeof child.props.label === "string" ? child.props.label : undefined;
    const name = source ?? label;
    return name === undefined ? [] : [{ index, name, source, label }];
  });
  const names = children.map((_child, index) => columns.find((column) => column.index === index)?.name);
  return { columns, table, names, storeKey: table.props.storeKey, hiddenAtFirst: table.props.hiddenColumns ?? [] };
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

/**
 * The table's children indexes drawn, in order: the stored order less the hidden columns. A column
 * with no name cannot be hidden (as in DataTable). `names`: each child's source or label.
 */
export function drawnColumns(
  names: readonly (string | undefined)[],
  ranks: readonly number[] | undefined,
  hidden: readonly string[],
): number[] {
  return shownOrder(ranks, names.length).filter((index) => {
    const name = names[index];
    return name === undefined || !hidden.includes(name);
  });
}
