import { Stack } from "@mui/material";
import CancelIcon from "@mui/icons-material/EventBusyOutlined";
import RunIcon from "@mui/icons-material/PlayCircleOutline";
import { useTranslate } from "react-admin";
import { SCHEDULED_ACTIONS, type ScheduledAction } from "../../api/lifecycle";
import { ConfirmedActionButton } from "../shared/ConfirmedActionButton";
import { usePasswordRecheck } from "../shared/usePasswordRecheck";
import { effectKey, type ScheduledActionVerb } from "./scheduledActionRules";

/** What an action changes besides the list: the account's status, its subscription, its lists. */
const ALSO_CHANGES = ["accounts", "subscriptions", "deleted-accounts"];

/**
 * Cancel or Run now on one row: a confirmation naming the account and what happens, then the
 * password re-check (spec §6; the service wants one in the last 5 minutes, so it comes last, just
 * before the call), then the call. Success says so; a refusal says the service's message (409:
 * no longer pending, 403: the re-check). Either way the list is fetched again, so the row shows
 * the action as it is now.
 */
function ScheduledActionButton({ action, verb }: { action: ScheduledAction; verb: ScheduledActionVerb }) {
  const translate = useTranslate();
  const recheck = usePasswordRecheck();
  const prefix = `resources.scheduled-actions.${verb}`;
  const words = {
    name: action.accountName,
    kind: translate(`resources.scheduled-actions.kinds.${action.kind}`, { _: action.kind }).toLowerCase(),
  };
  const canceling = verb === "cancel";
  return (
    <>
      <ConfirmedActionButton<ScheduledAction>
        resource={SCHEDULED_ACTIONS}
        alsoChanges={ALSO_CHANGES}
        action={(dataProvider) =>
          canceling ? dataProvider.cancelScheduledAction(action.id) : dataProvider.runScheduledAction(action.id)
        }
        success={`${prefix}.done`}
        successArgs={() => words}
        refusalsReload
        beforeRun={recheck.confirm}
        label={`${prefix}.button`}
        icon={canceling ? <CancelIcon /> : <RunIcon />}
        variant={canceling ? "outlined" : "text"}
        color={canceling ? "primary" : "error"}
        button={{ size: "small", sx: { whiteSpace: "nowrap" } }}
        title={`${prefix}.title`}
        content={effectKey(action, verb)}
        translateOptions={words}
        dialog={{
          confirm: `${prefix}.confirm`,
          cancel: "resources.scheduled-actions.keep",
          confirmColor: canceling ? "primary" : "warning",
        }}
      />
      {recheck.dialog}
    </>
  );
}

/** A pending row's two actions; the caller shows them only on pending rows. */
export function ScheduledActionButtons({ action }: { action: ScheduledAction }) {
  return (
    <Stack direction="row" spacing={1} justifyContent="flex-end">
      <ScheduledActionButton action={action} verb="cancel" />
      <ScheduledActionButton action={action} verb="run" />
    </Stack>
  );
}
