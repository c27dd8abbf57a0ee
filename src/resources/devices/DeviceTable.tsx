import type { Device } from "../../api/resources";
import { DateTimeText, DeviceTypeText } from "../shared/fields";
import { paths } from "../shared/paths";
import { RelatedRecordsTable } from "../shared/RelatedRecordsTable";
import { StatusChip } from "../shared/StatusChip";
import { columnFor } from "../shared/columns";

const Column = columnFor<Device>();

/** The devices of the account (or business) in context. */
export function DeviceTable({ target = "accountId" }: { target?: "accountId" | "businessId" }) {
  return (
    <RelatedRecordsTable
      reference="devices"
      target={target}
      sort={{ field: "lastSeenAt", order: "DESC" }}
      rowPath={paths.device}
    >
      <Column source="serialNumber" />
      <Column source="typeCode" render={(record) => <DeviceTypeText code={record.typeCode} />} />
      <Column source="customBoxName" />
      <Column source="status" render={(record) => <StatusChip status={record.status} />} />
      <Column source="lastSeenAt" render={(record) => <DateTimeText value={record.lastSeenAt} />} />
    </RelatedRecordsTable>
  );
}
