import type { Business } from "../../api/resources";
import { countryName } from "../shared/country";
import { paths } from "../shared/paths";
import { RelatedRecordsTable } from "../shared/RelatedRecordsTable";
import { columnFor } from "../shared/columns";

const Column = columnFor<Business>();

/** The businesses of the account in context (its page's Businesses tab). */
export function BusinessTable() {
  return (
    <RelatedRecordsTable
      reference="businesses"
      target="accountId"
      sort={{ field: "name", order: "ASC" }}
      rowPath={paths.business}
    >
      <Column source="name" />
      <Column source="city" />
      <Column source="country" render={(record) => countryName(record.country)} />
      <Column source="ownerName" />
      <Column source="phone" />
    </RelatedRecordsTable>
  );
}
