import type { ReactElement, ReactNode } from "react";
import { Dialog, DialogContent, DialogTitle, IconButton, Stack } from "@mui/material";
import CloseIcon from "@mui/icons-material/Close";
import {
  CreateBase,
  SaveButton,
  Toolbar,
  useNotify,
  useTranslate,
  type RaRecord,
  type TransformData,
  type ValidateForm,
} from "react-admin";
import { classifySaveError } from "./concurrency";
import { useDialogDismissal } from "./dialogDismissal";
import { CheckedForm, VersionedEdit, type CheckedFormProps, type VersionedEditProps } from "./VersionedEdit";

interface DialogFrameProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** The dialog's Dialog `onClose` (useDialogDismissal's): a click beside it or Escape. */
  onDismiss: (event: unknown, reason?: "backdropClick" | "escapeKeyDown") => void;
  children: ReactNode;
}

function DialogFrame({ open, title, onClose, onDismiss, children }: DialogFrameProps) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onDismiss} fullWidth maxWidth="sm" aria-labelledby="resource-dialog-title">
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ pr: 1 }}>
        <DialogTitle id="resource-dialog-title">{title}</DialogTitle>
        <IconButton aria-label={translate("resources.shared.close")} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <DialogContent sx={{ p: 0 }}>{children}</DialogContent>
    </Dialog>
  );
}

interface CreateFormProps extends Omit<CheckedFormProps, "toolbar"> {
  resource: string;
  /** The toast once created (an i18n key). */
  success?: string;
  /** Once created, after the toast; a promise it returns is waited for (a list fetched again). */
  onCreated?: (record: RaRecord) => unknown;
  transform?: TransformData;
  toolbar: ReactElement;
}

/**
 * A create form over react-admin's CreateBase (a dialog's, a page's): the toast once created,
 * 422 errors on their fields, any other failure a toast.
 */
export function CreateForm({
  resource,
  success = "resources.shared.created",
  onCreated,
  transform,
  children,
  ...form
}: CreateFormProps) {
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <CreateBase
      resource={resource}
      redirect={false}
      transform={transform}
      mutationOptions={{
        onSuccess: (record: RaRecord) => {
          notify(success, { type: "success" });
          return onCreated?.(record);
        },
        onError: (error: unknown) => {
          const failure = classifySaveError(error, translate("app.errors.generic"));
          if (failure.kind !== "validation") notify(failure.message, { type: "error" });
        },
      }}
    >
      <CheckedForm {...form}>{children}</CheckedForm>
    </CreateBase>
  );
}

interface CreateDialogProps {
  resource: string;
  open: boolean;
  title: string;
  onClose: () => void;
  onCreated?: (record: RaRecord) => void;
  children: ReactNode;
  defaultValues?: Record<string, unknown>;
  transform?: TransformData;
  validate?: ValidateForm;
}

/** A create form in a dialog (the spec's routes have no /create pages): 422 errors on their fields. */
export function CreateDialog({ open, title, onClose, onCreated, children, ...form }: CreateDialogProps) {
  const { onDialogClose, inForm, question } = useDialogDismissal(onClose);
  return (
    <DialogFrame open={open} title={title} onClose={onClose} onDismiss={onDialogClose}>
      {question}
      <CreateForm
        {...form}
        onCreated={(record) => {
          onClose();
          onCreated?.(record);
        }}
        toolbar={
          <Toolbar>
            <SaveButton alwaysEnable />
          </Toolbar>
        }
      >
        {inForm}
        {children}
      </CreateForm>
    </DialogFrame>
  );
}

/** VersionedEdit in a dialog: its Save closes the dialog; no record chosen, no dialog. */
interface EditDialogProps extends Omit<VersionedEditProps, "id" | "onSaved" | "beforeSave"> {
  id: string | null;
  title: string;
  onClose: () => void;
}

/** An edit form in a dialog, with the same 409 handling as the pages. */
export function EditDialog({ id, title, onClose, children, ...edit }: EditDialogProps) {
  const { onDialogClose, inForm, question } = useDialogDismissal(onClose);
  return (
    <DialogFrame open={id !== null} title={title} onClose={onClose} onDismiss={onDialogClose}>
      {question}
      {id !== null && (
        <VersionedEdit {...edit} id={id} onSaved={onClose}>
          {inForm}
          {children}
        </VersionedEdit>
      )}
    </DialogFrame>
  );
}
