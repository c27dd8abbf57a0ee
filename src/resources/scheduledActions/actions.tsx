import { useState } from "react";
import { Button, Stack } from "@mui/material";
import CancelIcon from "@mui/icons-material/EventBusyOutlined";
import RunIcon from "@mui/icons-material/PlayCircleOutline";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Confirm, useDataProvider, useNotify, useTranslate } from "react-admin";
import { SCHEDULED_ACTIONS, type ScheduledAction } from "../../api/lifecycle";
import type { ConsoleDataProvider } from "../../dataProvider";
import { errorMessage } from "../../custom/errorMessage";
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
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [confirming, setConfirming] = useState(false);
  const recheck = usePasswordRecheck();
  const prefix = `resources.scheduled-actions.${verb}`;
  const words = {
    name: action.accountName,
    kind: translate(`resources.scheduled-actions.kinds.${action.kind}`, { _: action.kind }).toLowerCase(),
  };

  const mutation = useMutation<ScheduledAction, unknown, void>({
    mutationFn: () =>
      verb === "cancel" ? dataProvider.cancelScheduledAction(action.id) : dataProvider.runScheduledAction(action.id),
    onSuccess: () => notify(`${prefix}.done`, { type: "success", messageArgs: words }),
    onError: (error) => notify(errorMessage(error), { type: "error" }),
    onSettled: () =>
      Promise.all(
        [SCHEDULED_ACTIONS, ...ALSO_CHANGES].map((name) => queryClient.invalidateQueries({ queryKey: [name] })),
      ),
  });

  return (
    <>
      <Button
        size="small"
        variant={verb === "cancel" ? "outlined" : "text"}
        color={verb === "cancel" ? "primary" : "error"}
        startIcon={verb === "cancel" ? <CancelIcon /> : <RunIcon />}
        disabled={mutation.isPending}
        onClick={(event) => {
          event.stopPropagation();
          setConfirming(true);
        }}
        sx={{ whiteSpace: "nowrap" }}
      >
        {translate(`${prefix}.button`)}
      </Button>
      <Confirm
        isOpen={confirming}
        title={`${prefix}.title`}
        titleTranslateOptions={words}
        content={effectKey(action, verb)}
        contentTranslateOptions={words}
        confirm={`${prefix}.confirm`}
        cancel="resources.scheduled-actions.keep"
        confirmColor={verb === "run" ? "warning" : "primary"}
        onConfirm={() => {
          setConfirming(false);
          void recheck.confirm().then((confirmed) => confirmed && mutation.mutate());
        }}
        onClose={() => setConfirming(false)}
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
