import { DataTable, Pagination, ReferenceManyField } from "react-admin";
import type { Business } from "../../api/resources";
import { countryName } from "../shared/country";
import { paths } from "../shared/paths";
import { columnFor } from "../shared/columns";

const Column = columnFor<Business>();

/** The businesses of the account in context (its page's Businesses tab). */
export function BusinessTable() {
  return (
    <ReferenceManyField
      reference="businesses"
      target="accountId"
      sort={{ field: "name", order: "ASC" }}
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10, 25]} />}
    >
      <DataTable rowClick={(id) => paths.business(String(id))} bulkActionButtons={false}>
        <Column source="name" />
        <Column source="city" />
        <Column source="country" render={(record) => countryName(record.country)} />
        <Column source="ownerName" />
        <Column source="phone" />
      </DataTable>
    </ReferenceManyField>
  );
}
