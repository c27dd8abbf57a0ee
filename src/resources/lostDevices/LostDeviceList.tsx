import { Box, Stack } from "@mui/material";
import FoundIcon from "@mui/icons-material/TaskAltOutlined";
import { DataTable, SelectInput, useCanAccess, useTranslate } from "react-admin";
import { LOST_DEVICES, type LostDevice } from "../../api/lostDevices";
import { DEVICE_TYPE_CHOICES } from "../devices/deviceTypes";
import { DateTimeText, Muted, NoWrap, RecordLink } from "../shared/fields";
import { ListEmpty, ListNoMatch } from "../shared/ListEmpty";
import { ListPage } from "../shared/ListPage";
import { useListSearch } from "../shared/ListSearch";
import { paths } from "../shared/paths";
import { MarkFoundButton } from "./markFound";
import { ReferencePicker } from "../shared/pickers";
import { columnFor } from "../shared/columns";
import { accountColumn, contractColumns } from "../shared/contractColumns";
import { deviceTypeColumn } from "../devices/DeviceTable";

const Column = columnFor<LostDevice>();

const testPath = (id: string) => `/gallery/item/${encodeURIComponent(id)}`;

/** Filters: search, account (searched by name), device type (spec §3's codes). */
function useFilters() {
  return [
    useListSearch(LOST_DEVICES),
    <ReferencePicker
      key="accountId"
      source="accountId"
      reference="accounts"
      label="resources.lost-devices.fields.accountId"
      sx={{ minWidth: 240 }}
      alwaysOn
    />,
    <SelectInput
      key="typeCode"
      source="typeCode"
      label="resources.lost-devices.fields.typeCode"
      choices={DEVICE_TYPE_CHOICES}
      emptyText="resources.lost-devices.allTypes"
      alwaysOn
      sx={{ minWidth: 200 }}
    />,
  ];
}

/**
 * /lost-devices (spec §2, super admins): the devices marked lost, when and by whom (the activity
 * log), the last test made with each and its account; mark found on each row. react-admin's List
 * asks canAccess for the page, as the screen guard did.
 */
export default function LostDeviceList() {
  const translate = useTranslate();
  const { canAccess: mayMarkFound } = useCanAccess({ resource: LOST_DEVICES, action: "markFound" });
  const filters = useFilters();
  return (
    <ListPage
      title="screens.lostDevices"
      subtitle={translate("resources.lost-devices.subtitle")}
      resource={LOST_DEVICES}
      filters={filters}
      empty={<ListEmpty resource={LOST_DEVICES} Icon={FoundIcon} iconColor="success" />}
    >
      {/* No row click: each row holds links and a button of its own. */}
      <DataTable rowClick={false} bulkActionButtons={false} empty={<ListNoMatch resource={LOST_DEVICES} />}>
        {contractColumns<LostDevice>(LOST_DEVICES, {
          serialNumber: {
            render: (record) => (
              <NoWrap>
                <RecordLink to={paths.device(record.id)}>{record.serialNumber}</RecordLink>
              </NoWrap>
            ),
          },
          typeCode: deviceTypeColumn(),
          accountName: accountColumn(true),
          lostAt: {
            render: (record) =>
              record.lostAt ? (
                <Stack spacing={0}>
                  <NoWrap>
                    <DateTimeText value={record.lostAt} />
                  </NoWrap>
                  {record.lostById && (
                    <Muted>
                      {translate("resources.lost-devices.by")}{" "}
                      <RecordLink to={paths.user(record.lostById)}>{record.lostByName}</RecordLink>
                    </Muted>
                  )}
                </Stack>
              ) : (
                <Muted>{translate("resources.lost-devices.notRecorded")}</Muted>
              ),
          },
          lastTestDate: {
            render: (record) =>
              record.lastTestId ? (
                <Stack spacing={0}>
                  <RecordLink to={testPath(record.lastTestId)}>{record.lastTestName}</RecordLink>
                  <Muted>
                    <NoWrap>
                      <DateTimeText value={record.lastTestDate} />
                    </NoWrap>
                  </Muted>
                </Stack>
              ) : (
                <Muted>{translate("resources.lost-devices.noTest")}</Muted>
              ),
          },
        })}
        {mayMarkFound && (
          <Column
            source="id"
            label="resources.lost-devices.fields.action"
            disableSort
            align="right"
            render={(record) => (
              <Box sx={{ "& .MuiButton-root": { whiteSpace: "nowrap" } }}>
                <MarkFoundButton device={record} />
              </Box>
            )}
          />
        )}
      </DataTable>
    </ListPage>
  );
}
