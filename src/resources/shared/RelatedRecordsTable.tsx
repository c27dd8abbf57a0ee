import type { ReactNode } from "react";
import { DataTable, Pagination, ReferenceManyField, type Identifier } from "react-admin";
import { CONTRACTS } from "../../api/contract";

interface RelatedRecordsTableProps {
  /** The resource listed. */
  reference: string;
  /** Its field that points at the record in context. */
  target: string;
  /** The page a row opens. */
  rowPath: (id: string) => string;
  /** The table's columns. */
  children: ReactNode;
  /** What shows instead of the table when there are no records (by default, an empty table's own). */
  empty?: ReactNode;
}

/**
 * The records that belong to the one in context (an account's users, a business's devices), on a
 * detail page: in their list's default order (their contract's), ten a page, each row opening its
 * own page; no bulk actions.
 */
export function RelatedRecordsTable({ reference, target, rowPath, children, empty }: RelatedRecordsTableProps) {
  const [field, order] = CONTRACTS[reference]!.defaultSort;
  return (
    <ReferenceManyField
      reference={reference}
      target={target}
      sort={{ field, order }}
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10, 25]} />}
      empty={empty}
    >
      <DataTable rowClick={(id: Identifier) => rowPath(String(id))} bulkActionButtons={false}>
        {children}
      </DataTable>
    </ReferenceManyField>
  );
}
