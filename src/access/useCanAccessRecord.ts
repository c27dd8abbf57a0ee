import { useCanAccess, type RaRecord } from "react-admin";

/**
 * react-admin's useCanAccess for a rule that reads the record's fields (a refund reads the
 * payment's status and what is left): react-admin keys its answer by the record's id alone, so the
 * record's content goes into the question too, and a changed record is asked about again.
 */
export function useCanAccessRecord({
  resource,
  action,
  record,
}: {
  resource: string;
  action: string;
  record: RaRecord;
}) {
  // react-admin puts every parameter but the record in the answer's cache key (its type does not
  // name the extra one).
  // While a changed record is asked about, the last answer stands: an action does not vanish (and
  // its open dialog with it) because the record was reloaded.
  const question = {
    resource,
    action,
    record,
    recordContent: JSON.stringify(record),
    placeholderData: (previous: boolean | undefined) => previous,
  };
  return useCanAccess(question as Parameters<typeof useCanAccess>[0]);
}
