import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogTitle, IconButton, Stack } from "@mui/material";
import CloseIcon from "@mui/icons-material/Close";
import {
  CreateBase,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useTranslate,
  type RaRecord,
  type TransformData,
  type ValidateForm,
} from "react-admin";
import { classifySaveError } from "./concurrency";
import { VersionedEdit, type VersionedEditProps } from "./VersionedEdit";

interface DialogFrameProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

function DialogFrame({ open, title, onClose, children }: DialogFrameProps) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="resource-dialog-title">
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
export function CreateDialog({
  resource,
  open,
  title,
  onClose,
  onCreated,
  children,
  defaultValues,
  transform,
  validate,
}: CreateDialogProps) {
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <DialogFrame open={open} title={title} onClose={onClose}>
      <CreateBase
        resource={resource}
        redirect={false}
        transform={transform}
        mutationOptions={{
          onSuccess: (record: RaRecord) => {
            notify("resources.shared.created", { type: "success" });
            onClose();
            onCreated?.(record);
          },
          onError: (error: unknown) => {
            const failure = classifySaveError(error, translate("app.errors.generic"));
            if (failure.kind !== "validation") notify(failure.message, { type: "error" });
          },
        }}
      >
        <SimpleForm
          defaultValues={defaultValues}
          validate={validate}
          toolbar={
            <Toolbar>
              <SaveButton alwaysEnable />
            </Toolbar>
          }
        >
          {children}
        </SimpleForm>
      </CreateBase>
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
export function EditDialog({ id, title, onClose, ...edit }: EditDialogProps) {
  return (
    <DialogFrame open={id !== null} title={title} onClose={onClose}>
      {id !== null && <VersionedEdit {...edit} id={id} onSaved={onClose} />}
    </DialogFrame>
  );
}
