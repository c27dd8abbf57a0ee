import { Box, Stack } from "@mui/material";
import { CanAccess, useTranslate } from "react-admin";
import type { Device } from "../../api/resources";
import { deviceTypeName } from "../../api/tests";
import { DeleteRecordButton } from "../shared/DeleteRecordButton";
import { deviceName } from "../shared/deviceName";
import { contractEdit } from "../shared/editableFields";
import { DateTimeText, FieldGrid, placeItems } from "../shared/fields";
import { PageHeader } from "../shared/PageHeader";
import { paths } from "../shared/paths";
import { RecordShow } from "../shared/RecordState";
import { Section } from "../shared/Section";
import { StatusChip } from "../shared/StatusChip";
import { VersionedEditInSection } from "../shared/VersionedEdit";
import { MarkLostButton, RenameDeviceButton } from "./deviceActions";
import { NotifyOwnerSwitch } from "./NotifyOwnerSwitch";
import { DeviceFields } from "./deviceInputs";

/** /devices/:deviceId (spec §2: all): a device, the phone used with it, and its actions. */
export default function DeviceShowPage() {
  return <RecordShow<Device> resource="devices">{(device) => <DeviceView device={device} />}</RecordShow>;
}

function DeviceView({ device }: { device: Device }) {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.devices.fields.${field}`);

  return (
    <Box sx={{ py: 2 }}>
      <PageHeader
        title={deviceName(device)}
        subtitle={
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 0.5 }}>
            <span>{deviceTypeName(device.typeCode)}</span>
            <span>·</span>
            <span>{device.serialNumber}</span>
            <StatusChip status={device.status} />
          </Stack>
        }
        actions={
          <>
            <RenameDeviceButton device={device} />
            <MarkLostButton device={device} />
            <DeleteRecordButton
              resource="devices"
              record={device}
              label="resources.devices.delete"
              redirect={paths.devices}
            />
          </>
        }
      />
      <Stack spacing={2}>
        <Section title={translate("resources.devices.details")}>
          <FieldGrid
            items={[
              { label: label("serialNumber"), value: device.serialNumber },
              { label: label("typeCode"), value: deviceTypeName(device.typeCode) },
              { label: label("customBoxName"), value: device.customBoxName },
              { label: label("firmwareVersion"), value: device.firmwareVersion },
              ...placeItems(label, device),
              { label: label("lastSeenAt"), value: <DateTimeText value={device.lastSeenAt} /> },
              { label: label("createdAt"), value: <DateTimeText value={device.createdAt} dateOnly /> },
              { label: label("notifyOwner"), value: <NotifyOwnerSwitch device={device} /> },
            ]}
          />
        </Section>
        <Section title={translate("resources.devices.phone")}>
          <FieldGrid
            items={[
              { label: label("phoneBrand"), value: device.phoneBrand },
              { label: label("phoneModel"), value: device.phoneModel },
              { label: label("phoneOs"), value: device.phoneOs },
            ]}
          />
        </Section>
        <CanAccess resource="devices" action="edit" record={device}>
          <Section title={translate("ra.action.edit")}>
            <VersionedEditInSection {...contractEdit("devices")} id={device.id}>
              <DeviceFields />
            </VersionedEditInSection>
          </Section>
        </CanAccess>
      </Stack>
    </Box>
  );
}
