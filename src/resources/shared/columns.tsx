import type { JSX } from "react";
import { DataTable, useResourceContext, type DataTableColumnProps, type RaRecord } from "react-admin";
import { CONTRACTS } from "../../api/contract";
import { sortsOf } from "../../api/contract/declare";

/** Each declared resource's sorts, read once (every cell of a table asks). */
const SORTS = new Map(Object.entries(CONTRACTS).map(([name, contract]) => [name, new Set(sortsOf(contract))]));

/**
 * Whether a list sorts by a column: what its resource's contract declares (src/api/contract/).
 * A column the service would refuse to sort by never offers it; a list with no contract sorts as
 * its columns say.
 */
export function isSortable(resource: string | undefined, source: string | undefined): boolean {
  const sorts = resource === undefined ? undefined : SORTS.get(resource);
  if (!sorts) return true;
  return source !== undefined && sorts.has(source);
}

/** react-admin's number column props (not exported by react-admin). */
type NumberColumnProps<R extends RaRecord = RaRecord> = DataTableColumnProps<R> & {
  source: string;
  locales?: string | string[];
  options?: Intl.NumberFormatOptions;
};

function DeclaredColumn(props: DataTableColumnProps) {
  const resource = useResourceContext();
  return <DataTable.Col {...props} disableSort={props.disableSort || !isSortable(resource, props.source)} />;
}

function DeclaredNumberColumn(props: NumberColumnProps) {
  const resource = useResourceContext();
  return <DataTable.NumberCol {...props} disableSort={props.disableSort || !isSortable(resource, props.source)} />;
}

/** A list's DataTable column for records of type R, sortable only by what the contract declares. */
export const columnFor = <R extends RaRecord>() =>
  DeclaredColumn as unknown as (props: DataTableColumnProps<R>) => JSX.Element;

/** The same, for numbers (aligned right). */
export const numberColumnFor = <R extends RaRecord>() =>
  DeclaredNumberColumn as unknown as (props: NumberColumnProps<R>) => JSX.Element;
