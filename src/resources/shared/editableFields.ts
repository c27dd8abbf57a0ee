import { CONTRACTS } from "../../api/contract";
import { editedFieldsOf } from "../../api/contract/declare";

/**
 * A save's transform that sends only `keys`, a missing one as null: what the form holds beyond
 * them (names and counts the record was read with) stays home, as the service refuses unknown fields.
 */
export const onlyFields =
  (keys: readonly string[]) =>
  (data: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(keys.map((key) => [key, data[key] ?? null]));

/**
 * The edit form of a resource whose contract declares one (`editable`), as a VersionedEdit's or an
 * EditDialog's props: PUT /api/{resource}/{id} (the route the grace period may refuse), sending the
 * version and the editable fields only.
 */
export const contractEdit = (resource: string) => ({
  resource,
  write: `PUT /api/${resource}/{id}` as const,
  transform: onlyFields(editedFieldsOf(CONTRACTS[resource]!)),
});
