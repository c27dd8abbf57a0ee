import { CanAccess, DeleteWithConfirmButton, type RaRecord } from "react-admin";

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
}

/**
 * A detail page's Delete, shown to those who may delete the record: it asks first, then deletes
 * (pessimistic: the page leaves once the service said yes).
 */
export function DeleteRecordButton({ resource, record, ...buttonProps }: DeleteRecordButtonProps) {
  return (
    <CanAccess resource={resource} action="delete" record={record}>
      <DeleteWithConfirmButton resource={resource} record={record} mutationMode="pessimistic" {...buttonProps} />
    </CanAccess>
  );
}
