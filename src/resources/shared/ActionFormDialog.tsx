import type { ReactElement, ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import { Form, SaveButton, useTranslate, type RaRecord } from "react-admin";
import { KEEP_EDITS } from "./concurrency";

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
  children: ReactNode;
}

/**
 * A record action's form in a dialog (rename a device, change a user's role, refund a payment, name a saved
 * filter), with Cancel and Save.
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
  children,
}: ActionFormDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} keepMounted={keepMounted} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <Form
        resource={resource}
        record={record}
        defaultValues={defaultValues}
        resetOptions={KEEP_EDITS}
        onSubmit={onSubmit}
        noValidate
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate("resources.shared.cancel")}</Button>
          {saveButton}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
