import type { JSX, ReactNode } from "react";
import { Stack } from "@mui/material";
import { useResourceContext, type DataTableColumnProps, type RaRecord } from "react-admin";
import { CONTRACTS } from "../../api/contract";
import { sortsOf } from "../../api/contract/declare";
import { TRUNCATED_CELL_TEXT } from "../../theme";
import { PlainColumn } from "./PlainCell";
import { RowOpener } from "./rowOpener";

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

/** The field that names each declared resource's records (its contract's representation). */
const NAMING_FIELDS = new Map(Object.entries(CONTRACTS).map(([name, contract]) => [name, contract.representation]));

/** Whether a column shows the field that names its resource's records: the one that opens them. */
export function isNamingColumn(resource: string | undefined, source: string | undefined): boolean {
  return resource !== undefined && source !== undefined && NAMING_FIELDS.get(resource) === source;
}

/** A column's own props beyond react-admin's. */
export interface OwnColumnProps<R extends Record<string, unknown> = Record<string, unknown>> {
  /** Drawn before the record's name, outside its opener (a bookmark star): only on the naming column. */
  before?: (record: R) => ReactNode;
  /** Long text (an email): one line cut with an ellipsis, the whole text on hover, so lists fit their screen. */
  truncate?: boolean;
}

/**
 * The record's text in one line, cut to the column's width, whole in its tooltip (title). Narrower
 * on a phone: a cut text keeps its width whatever the screen, and at 12rem a user named "Picker
 * Superadmin" pushed the users table 9 px past a 390 px screen.
 */
function truncatedRender(source: string) {
  return (record: Record<string, unknown>) => {
    const text = record[source] == null ? "" : String(record[source]);
    return (
      <span className={TRUNCATED_CELL_TEXT} title={text}>
        {text}
      </span>
    );
  };
}

/**
 * The naming column's cell: what it shows, inside the row's opener (RowOpener: a link to the
 * record's page, or a button opening its dialog), so every list's records open from the keyboard.
 */
function namingRender(props: DataTableColumnProps & OwnColumnProps) {
  const { render, source, before } = props;
  return (record: Record<string, unknown>) => {
    const shown = render ? render(record) : (record[source!] as ReactNode);
    const opener = <RowOpener>{shown}</RowOpener>;
    if (!before) return opener;
    return (
      <Stack direction="row" alignItems="center" spacing={0.5}>
        {before(record)}
        {opener}
      </Stack>
    );
  };
}

/** react-admin's number column props (not exported by react-admin). */
type NumberColumnProps<R extends RaRecord = RaRecord> = DataTableColumnProps<R> & {
  source: string;
  locales?: string | string[];
  options?: Intl.NumberFormatOptions;
};

function DeclaredColumn({ before, truncate, ...props }: DataTableColumnProps & OwnColumnProps) {
  const resource = useResourceContext();
  const naming = isNamingColumn(resource, props.source);
  const render = truncate && props.source ? truncatedRender(props.source) : props.render;
  return (
    <PlainColumn
      {...props}
      render={naming ? namingRender({ ...props, render, before }) : render}
      disableSort={props.disableSort || !isSortable(resource, props.source)}
    />
  );
}

/**
 * A number, aligned right, written as react-admin's NumberField writes it (toLocaleString) but as the
 * cell's own text: a list of 25 accounts drew 100 NumberFields, each a Typography of its own, for the
 * same text in the same type as the cell's.
 */
function DeclaredNumberColumn({ locales, options, ...props }: NumberColumnProps) {
  const resource = useResourceContext();
  const { source } = props;
  return (
    <PlainColumn
      {...props}
      align="right"
      render={(record: RaRecord) =>
        record[source] == null ? null : Number(record[source]).toLocaleString(locales, options)
      }
      disableSort={props.disableSort || !isSortable(resource, source)}
    />
  );
}

/**
 * A list's DataTable column for records of type R, sortable only by what the contract declares; the
 * column of the field that names the record (the contract's representation) opens it.
 */
export const columnFor = <R extends RaRecord>() =>
  DeclaredColumn as unknown as (props: DataTableColumnProps<R> & OwnColumnProps<R>) => JSX.Element;

/** The same, for numbers (aligned right). */
export const numberColumnFor = <R extends RaRecord>() =>
  DeclaredNumberColumn as unknown as (props: NumberColumnProps<R>) => JSX.Element;
