import type { ComponentProps } from "react";
import type { GraceWrite } from "../../access/graceWrites";
import { ConfirmButton } from "./ConfirmButton";
import { GraceGuard } from "./GraceNote";
import { useRecordAction, type RecordActionOptions } from "./useRecordAction";

type ActionOptions<TResult> = Omit<RecordActionOptions<void, TResult>, "fields">;
type ButtonProps = Omit<ComponentProps<typeof ConfirmButton>, "onConfirm" | "loading" | "closeFirst">;

interface GraceProps {
  /** The route the action calls, which the grace period may refuse (GraceGuard); none: never refused. */
  write?: GraceWrite;
  /** GraceGuard's note: also say the reason under the button. */
  note?: "start" | "end";
  /** Asked once confirmed, before the call, in a dialog of its own (the password re-check); false sends nothing. */
  beforeRun?: () => Promise<boolean>;
}

type Props<TResult> = ActionOptions<TResult> & ButtonProps & GraceProps;

/**
 * A record action that asks first (mark lost, mark found, disable, enable, restore, cancel,
 * resume…): the confirmation, then the call, its toast and the reload of what it changed.
 */
export function ConfirmedActionButton<TResult>({ write, note, beforeRun, ...props }: Props<TResult>) {
  const { resource, alsoChanges, action, success, successArgs, onSuccess, refusalsReload, ...button } = props;
  const options = { resource, alsoChanges, action, success, successArgs, onSuccess, refusalsReload };
  const run = useRecordAction<void, TResult>(options);
  const go = beforeRun ? async () => ((await beforeRun()) ? run.run() : undefined) : () => run.run();
  const confirm = <ConfirmButton {...button} loading={run.isPending} closeFirst={!!beforeRun} onConfirm={go} />;
  if (!write) return confirm;
  return (
    <GraceGuard write={write} note={note}>
      {confirm}
    </GraceGuard>
  );
}
