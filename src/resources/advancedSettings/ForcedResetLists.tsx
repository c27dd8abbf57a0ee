import type { ReactNode } from "react";
import { Box, Button, Chip, Stack, Typography, useMediaQuery, type Theme } from "@mui/material";
import CancelIcon from "@mui/icons-material/DoNotDisturbOnOutlined";
import { DataTable, List, useTranslate } from "react-admin";
import { FORCED_RESETS, type ForcedReset } from "../../api/advancedSettings";
import { DateTimeText, Muted, RecordLink } from "../shared/fields";
import { paths } from "../shared/paths";
import { useRecordAction } from "../shared/useRecordAction";
import { targetDetail } from "./resetRules";
import { columnFor } from "../shared/columns";

const Column = columnFor<ForcedReset>();

/**
 * What the reset reaches, readably: its kind, its name (linked to the user or device), where it
 * belongs. On a phone the kind stands above the name and who asked comes under it: the list has
 * no room for a column of its own.
 */
function TargetCell({ reset, phone }: { reset: ForcedReset; phone: boolean }) {
  const translate = useTranslate();
  const name =
    reset.target === "user" && reset.userId ? (
      <RecordLink to={paths.user(reset.userId)}>{reset.targetName}</RecordLink>
    ) : reset.target === "phone" && reset.deviceId ? (
      <RecordLink to={paths.device(reset.deviceId)}>{reset.targetName}</RecordLink>
    ) : (
      reset.targetName
    );
  const detail = targetDetail(reset);
  return (
    <Stack
      direction={phone ? "column" : "row"}
      spacing={phone ? 0.5 : 1.5}
      alignItems={phone ? "flex-start" : "center"}
    >
      <Chip size="small" variant="outlined" label={translate(`advancedSettings.resets.kinds.${reset.target}`)} />
      <Stack spacing={0} sx={{ minWidth: 0 }}>
        <span>{name}</span>
        {detail && <Muted>{detail}</Muted>}
        {phone && <AskedCell reset={reset} />}
      </Stack>
    </Stack>
  );
}

/**
 * A date and time on one line, but on a phone free to break after the date: two columns of
 * one-line times do not fit beside each other on 390 px (the picked-up list).
 */
const When = ({ value }: { value: string | null }) => (
  <Box component="span" sx={{ whiteSpace: { sm: "nowrap" } }}>
    <DateTimeText value={value} />
  </Box>
);

/** Who asked, and when. */
function AskedCell({ reset }: { reset: ForcedReset }) {
  return (
    <Stack spacing={0}>
      <RecordLink to={paths.user(reset.requestedById)}>{reset.requestedByName}</RecordLink>
      <Muted>
        <When value={reset.createdAt} />
      </Muted>
    </Stack>
  );
}

/** Cancel after the password re-check: POST forced-resets/{id}/cancel; the reset leaves the pending list. */
function CancelResetButton({ reset, confirm }: { reset: ForcedReset; confirm: () => Promise<boolean> }) {
  const translate = useTranslate();
  const cancel = useRecordAction<void, ForcedReset>({
    resource: FORCED_RESETS,
    action: (dataProvider) => dataProvider.cancelForcedReset(reset.id),
    success: "advancedSettings.resets.canceled",
  });
  const run = async () => {
    if (await confirm()) await cancel.run();
  };
  return (
    <Button
      color="error"
      variant="outlined"
      size="small"
      startIcon={<CancelIcon />}
      disabled={cancel.isPending}
      onClick={() => void run()}
      aria-label={translate("advancedSettings.resets.cancelOne", { name: reset.targetName })}
      sx={{ whiteSpace: "nowrap" }}
    >
      {translate("advancedSettings.resets.cancel")}
    </Button>
  );
}

function NothingYet({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ py: 2 }}>
      {translate(text)}
    </Typography>
  );
}

/**
 * One list of resets: the target and who asked on each row, then `children` (the last column).
 * Each list keeps its own state: neither follows the address nor the other's sort and page.
 */
function ResetList({
  status,
  sortField,
  perPage,
  empty,
  children,
}: {
  status: ForcedReset["status"];
  sortField: keyof ForcedReset;
  perPage: number;
  empty: string;
  children: ReactNode;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"), { noSsr: true });
  return (
    <List
      resource={FORCED_RESETS}
      storeKey={`forced-resets.${status}`}
      filter={{ status }}
      sort={{ field: sortField, order: "DESC" }}
      perPage={perPage}
      empty={<NothingYet text={empty} />}
      disableSyncWithLocation
      title={false}
      actions={false}
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        <Column
          source="targetName"
          label="advancedSettings.resets.columns.target"
          disableSort
          render={(r) => <TargetCell reset={r} phone={phone} />}
        />
        {!phone && (
          <Column
            source="createdAt"
            label="advancedSettings.resets.columns.asked"
            render={(r) => <AskedCell reset={r} />}
          />
        )}
        {children}
      </DataTable>
    </List>
  );
}

/** The pending resets: who asked, when, the target; cancel on each row. */
export function PendingResets({ confirm }: { confirm: () => Promise<boolean> }) {
  return (
    <ResetList status="pending" sortField="createdAt" perPage={10} empty="advancedSettings.resets.noPending">
      <Column
        source="id"
        label="advancedSettings.resets.columns.action"
        disableSort
        align="right"
        render={(r) => <CancelResetButton reset={r} confirm={confirm} />}
      />
    </ResetList>
  );
}

/** The latest resets device apps picked up: which device, signed in as whom, and when. */
export function PickedUpResets() {
  return (
    <ResetList status="picked-up" sortField="pickedUpAt" perPage={5} empty="advancedSettings.resets.noPickedUp">
      <Column
        source="pickedUpAt"
        label="advancedSettings.resets.columns.pickedUp"
        render={(r) => (
          <Stack spacing={0}>
            <When value={r.pickedUpAt} />
            {r.pickedUpDeviceSerialNumber && (
              <Muted>
                {r.pickedUpDeviceId ? (
                  <RecordLink to={paths.device(r.pickedUpDeviceId)}>{r.pickedUpDeviceSerialNumber}</RecordLink>
                ) : (
                  r.pickedUpDeviceSerialNumber
                )}
                {r.pickedUpByName ? ` · ${r.pickedUpByName}` : ""}
              </Muted>
            )}
          </Stack>
        )}
      />
    </ResetList>
  );
}
