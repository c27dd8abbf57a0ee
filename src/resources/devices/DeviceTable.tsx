import type { RaRecord } from "react-admin";
import type { Device } from "../../api/resources";
import { DeviceTypeText } from "../shared/fields";
import { paths } from "../shared/paths";
import { RelatedRecordsTable } from "../shared/RelatedRecordsTable";
import { contractColumns, type ColumnChoice } from "../shared/contractColumns";

/** A device's type by its name (spec §3's codes), in any list of devices. */
export const deviceTypeColumn = <R extends RaRecord & { typeCode: number }>(): ColumnChoice<R> => ({
  render: (record) => <DeviceTypeText code={record.typeCode} />,
});

/** What every list of devices draws its own way: the type by its name. */
export const DEVICE_COLUMNS = { typeCode: deviceTypeColumn<Device>() };

/** The devices of the account (or business) in context. */
export function DeviceTable({ target = "accountId" }: { target?: "accountId" | "businessId" }) {
  return (
    <RelatedRecordsTable reference="devices" target={target} rowPath={paths.device}>
      {contractColumns<Device>("devices", DEVICE_COLUMNS, [
        "serialNumber",
        "typeCode",
        "customBoxName",
        "status",
        "lastSeenAt",
      ])}
    </RelatedRecordsTable>
  );
}
