import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import { useNavigate } from "react-router-dom";
import { CanAccess, DeleteWithConfirmButton, type RaRecord } from "react-admin";
import { ConfirmedActionButton } from "./ConfirmedActionButton";
import { usePasswordRecheck } from "./usePasswordRecheck";

interface DeleteRecordButtonProps {
  resource: string;
  record: RaRecord;
  /** i18n key of the button. */
  label: string;
  /** i18n keys of the confirmation; react-admin's own when absent. */
  confirmTitle?: string;
  confirmContent?: string;
  /** Where the page goes once the record is deleted. */
  redirect: string;
  /**
   * A high-impact delete (spec §6: an account, with everything in it): once confirmed, the
   * password re-check, then the delete; the service refuses it without a recent check.
   */
  recheck?: boolean;
  /** Other resources whose cached data the delete changes (with `recheck`). */
  alsoChanges?: string[];
}

/**
 * A detail page's Delete, shown to those who may delete the record: it asks first, then deletes
 * (pessimistic: the page leaves once the service said yes).
 */
export function DeleteRecordButton({
  resource,
  record,
  recheck,
  alsoChanges,
  ...buttonProps
}: DeleteRecordButtonProps) {
  return (
    <CanAccess resource={resource} action="delete" record={record}>
      {recheck ? (
        <DeleteAfterRecheck resource={resource} record={record} alsoChanges={alsoChanges} {...buttonProps} />
      ) : (
        <DeleteWithConfirmButton resource={resource} record={record} mutationMode="pessimistic" {...buttonProps} />
      )}
    </CanAccess>
  );
}

function DeleteAfterRecheck({
  resource,
  record,
  label,
  confirmTitle = "ra.message.delete_title",
  confirmContent = "ra.message.delete_content",
  redirect,
  alsoChanges,
}: Omit<DeleteRecordButtonProps, "recheck">) {
  const navigate = useNavigate();
  const password = usePasswordRecheck();
  return (
    <>
      <ConfirmedActionButton
        resource={resource}
        alsoChanges={alsoChanges}
        action={(dataProvider) => dataProvider.delete(resource, { id: record.id, previousData: record })}
        success={`resources.${resource}.notifications.deleted`}
        successArgs={() => ({ smart_count: 1 })}
        onSuccess={() => navigate(redirect)}
        beforeRun={password.confirm}
        label={label}
        icon={<DeleteIcon />}
        color="error"
        title={confirmTitle}
        content={confirmContent}
      />
      {password.dialog}
    </>
  );
}
