import type { Business } from "../../api/resources";
import { countryName } from "../shared/country";
import { paths } from "../shared/paths";
import { RelatedRecordsTable } from "../shared/RelatedRecordsTable";
import { contractColumns } from "../shared/contractColumns";

/** The businesses of the account in context (its page's Businesses tab). */
export function BusinessTable() {
  return (
    <RelatedRecordsTable reference="businesses" target="accountId" rowPath={paths.business}>
      {contractColumns<Business>("businesses", { country: { render: (record) => countryName(record.country) } }, [
        "name",
        "city",
        "country",
        "ownerName",
        "phone",
      ])}
    </RelatedRecordsTable>
  );
}
