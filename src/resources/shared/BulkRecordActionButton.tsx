import type { ReactElement } from "react";
import { Button, useListContext, useTranslate, useUnselectAll, type RaRecord } from "react-admin";
import type { ConsoleDataProvider } from "../../dataProvider";
import { useAllowedRecords } from "../../access/useAllowedRecords";
import type { GraceWrite } from "../../access/graceWrites";
import { GraceGuard } from "./GraceNote";
import { useRecordAction } from "./useRecordAction";

interface BulkRecordActionButtonProps<R extends RaRecord> {
  /** The resource the action writes (its lists reload after it). */
  resource: string;
  /** The canAccess action each selected record is checked for: the others are left out. */
  access: string;
  /** The selected records the action applies to at all (default: every one). */
  eligible?: (record: R) => boolean;
  /** The route `call` calls: while the grace period refuses it, the button is disabled with the reason. */
  write: GraceWrite;
  /** The call for one record: one of the dataProvider's custom methods, with the record's version. */
  call: (dataProvider: ConsoleDataProvider, record: R) => Promise<unknown>;
  /** The toast on success (an i18n key, with smart_count: how many records). */
  success: string;
  /** i18n key of the button. */
  label: string;
  icon: ReactElement;
}

/**
 * A list's bulk action (react-admin's bulk-button pattern: one mutation, notify, unselect) for
 * record actions the service has no bulk call for: one call per selected record the actor may act
 * on, each with its version.
 */
export function BulkRecordActionButton<R extends RaRecord>({
  resource,
  access,
  eligible = () => true,
  write,
  call,
  success,
  label,
  icon,
}: BulkRecordActionButtonProps<R>) {
  const translate = useTranslate();
  const { data = [], selectedIds, resource: listResource } = useListContext<R>();
  const unselectAll = useUnselectAll(listResource);
  const action = useRecordAction<{ records: R[]; skipped: number }, unknown[]>({
    resource,
    action: (dataProvider, { records }) => Promise.all(records.map((record) => call(dataProvider, record))),
    // How many it did, and how many of the selection it left as they were: none goes unsaid.
    success: ({ records, skipped }) => {
      const done = translate(success, { smart_count: records.length });
      return skipped > 0 ? `${done}. ${translate("resources.shared.bulkSkipped", { smart_count: skipped })}` : done;
    },
    onSuccess: () => unselectAll(),
  });
  const selected = data.filter((record) => selectedIds.includes(record.id) && eligible(record));
  const targets = useAllowedRecords(resource, access, selected) ?? [];
  const skipped = selectedIds.length - targets.length;
  return (
    <GraceGuard write={write}>
      <Button
        label={label}
        disabled={action.isPending || targets.length === 0}
        onClick={() => action.mutate({ records: targets, skipped })}
      >
        {icon}
      </Button>
    </GraceGuard>
  );
}
