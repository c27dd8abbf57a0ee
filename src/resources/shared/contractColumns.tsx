import type { JSX } from "react";
import { useTranslate, type DataTableColumnProps, type RaRecord } from "react-admin";
import { CONTRACTS } from "../../api/contract";
import { columnsOf } from "../../api/contract/declare";
import type { FieldDeclaration } from "../../api/contract/fields";
import { columnFor, numberColumnFor, type OwnColumnProps } from "./columns";
import { AccountLink, DateTimeText, yesNoKey } from "./fields";
import { StatusChip } from "./StatusChip";
import { isStatusWords, valueWordsKey } from "./status";

/** A column's own choices over its field's default (its label, its cell), or false: no such column here. */
export type ColumnChoice<R extends RaRecord> = Partial<DataTableColumnProps<R> & OwnColumnProps<R>> | false;

function YesNo({ value }: { value: boolean }) {
  const translate = useTranslate();
  return <>{translate(yesNoKey(value))}</>;
}

/** A `oneOf` value in the words its field declares (fields.ts `labels`). */
function OptionLabel({ value, labels }: { value: string; labels: string }) {
  const translate = useTranslate();
  if (isStatusWords(labels)) return <StatusChip status={value} words={labels} />;
  return <>{translate(valueWordsKey(labels, value))}</>;
}

/** A field's cell by its type: dates in the reader's time, yes or no, a value in its words. */
function defaultRender(source: string, field: FieldDeclaration) {
  const value = (record: RaRecord) => record[source] as never;
  switch (field.kind) {
    case "date":
      return (record: RaRecord) => <DateTimeText value={value(record)} />;
    case "boolean":
      return (record: RaRecord) => <YesNo value={value(record)} />;
    case "oneOf": {
      const { labels } = field;
      return labels === undefined
        ? undefined
        : (record: RaRecord) => <OptionLabel value={value(record)} labels={labels} />;
    }
    default:
      return undefined;
  }
}

/**
 * A list's DataTable columns from its resource's contract (src/api/contract/): its declared columns
 * in order, each drawn by its field's type, sortable as the contract says. `choices` changes what
 * is a list's own (a name drawn with its avatar, a column only some roles see); `only`, a table of
 * fewer columns (a record's related records). An array, not a component: DataTable counts, orders
 * and offers its columns as its direct children.
 */
export function contractColumns<R extends RaRecord>(
  resource: string,
  choices: { [K in keyof R & string]?: ColumnChoice<R> } = {},
  only?: readonly (keyof R & string)[],
): JSX.Element[] {
  const contract = CONTRACTS[resource]!;
  const Column = columnFor<RaRecord>();
  const NumberColumn = numberColumnFor<RaRecord>();
  const shown = only ? columnsOf(contract).filter((source) => only.includes(source)) : columnsOf(contract);
  return shown.flatMap((source) => {
    const choice = (choices as Record<string, ColumnChoice<R> | undefined>)[source];
    if (choice === false) return [];
    const field = contract.fields[source]!;
    const own = (choice ?? {}) as Partial<DataTableColumnProps & OwnColumnProps>;
    if (field.kind === "integer" && !own.render) return [<NumberColumn key={source} source={source} {...own} />];
    return [<Column key={source} source={source} render={defaultRender(source, field)} {...own} />];
  });
}

/** The columns a resource's list hides at first (its column chooser offers them). */
export const hiddenColumnsOf = (resource: string): string[] => [...(CONTRACTS[resource]?.hiddenColumns ?? [])];

/** The account column: a link to the account, for those who see every account's records; else none. */
export const accountColumn = <R extends RaRecord & { accountId: string; accountName: string }>(
  allAccounts: boolean | undefined,
): ColumnChoice<R> => Boolean(allAccounts) && { render: (record) => <AccountLink record={record} /> };

/** A date column that shows the day only (when a record was created). */
export const dayColumn = <R extends RaRecord>(source: keyof R & string): ColumnChoice<R> => ({
  render: (record) => <DateTimeText value={record[source] as string | null} dateOnly />,
});
