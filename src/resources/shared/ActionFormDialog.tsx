import type { ReactElement, ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, type DialogProps } from "@mui/material";
import { Form, SaveButton, useTranslate, type RaRecord } from "react-admin";
import { KEEP_EDITS } from "./concurrency";
import { useDialogDismissal } from "./dialogDismissal";

interface ActionFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The title's element id, which names the dialog. */
  titleId: string;
  title: string;
  resource?: string;
  /** The fields the form starts from: the record's current values, or `defaultValues` for a new one (a saved filter's name). */
  record?: RaRecord;
  defaultValues?: Record<string, unknown>;
  /** The action (useRecordAction's submit): resolves with the fields the service refused, if any. */
  onSubmit: (values: FieldValues) => unknown;
  /** The save button; react-admin's own Save by default. */
  saveButton?: ReactElement;
  /** Kept mounted while closed (hidden during a password re-check), so the form stays as typed. */
  keepMounted?: boolean;
  /** Extra small by default; a form with fields side by side (an invitation) is wider. */
  maxWidth?: DialogProps["maxWidth"];
  /** Once done, what shows under the title instead of the form: its content and actions (an invitation's link). */
  outcome?: ReactNode;
  children: ReactNode;
}

/**
 * A small form in a dialog (rename a device, change a user's role, refund a payment, name a saved
 * filter, invite a user), with Cancel and Save.
 * When the record reloads underneath (after a 409), what the person typed stays.
 */
export function ActionFormDialog({
  open,
  onClose,
  titleId,
  title,
  resource,
  record,
  defaultValues,
  onSubmit,
  saveButton = <SaveButton />,
  keepMounted,
  maxWidth = "xs",
  outcome,
  children,
}: ActionFormDialogProps) {
  const translate = useTranslate();
  const { onDialogClose, inForm, question } = useDialogDismissal(onClose);
  return (
    <>
      <Dialog open={open} onClose={onDialogClose} {...{ keepMounted, maxWidth }} fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {outcome ?? (
          <Form
            resource={resource}
            record={record}
            defaultValues={defaultValues}
            resetOptions={KEEP_EDITS}
            onSubmit={onSubmit}
            noValidate
          >
            {inForm}
            <DialogContent sx={{ pt: 0 }}>{children}</DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{translate("resources.shared.cancel")}</Button>
              {saveButton}
            </DialogActions>
          </Form>
        )}
      </Dialog>
      {question}
    </>
  );
}
