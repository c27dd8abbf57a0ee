import { useId, type ReactNode } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import type { UseFormProps } from "react-hook-form";
import { Form, useTranslate } from "react-admin";
import { useDialogDismissal } from "../../resources/shared/dialogDismissal";
import { FormSubmitButton } from "./FormSubmitButton";

interface DialogFormProps {
  open: boolean;
  onClose: () => void;
  /** i18n key of the title, which names the dialog. */
  title: string;
  maxWidth: "xs" | "sm";
  defaultValues?: Record<string, unknown>;
  /** Resolves with the fields' errors to show, or nothing. */
  onSubmit: (values: Record<string, unknown>) => unknown;
  /** i18n keys of the two buttons. */
  cancelLabel: string;
  submitLabel: string;
  /**
   * How the form follows new `defaultValues` (react-hook-form's reset options): by default it
   * starts again from them; KEEP_EDITS keeps what the person typed.
   */
  resetOptions?: UseFormProps["resetOptions"];
  /**
   * Escape or a click beside it with typing not yet saved asks before throwing it away (a test's
   * edit); false closes at once (a password typed again is nothing to keep).
   */
  keepsTyping?: boolean;
  children: ReactNode;
}

/** A form's own values: never the page's record (react-admin's Form would start from it). */
const NO_RECORD = {};

/**
 * A test page dialog's react-admin form: checked as the person types (the submit button waits for
 * valid fields, with no "invalid form" toast), then Cancel and the submit button. The dialog's
 * content, and so the form and what was typed, goes away when it closes. It starts from its
 * `defaultValues` only: the test in the page's record context is not what it edits as it is (an
 * edit's notes are one text, a password check has no record).
 */
export function DialogForm({
  open,
  onClose,
  title,
  maxWidth,
  defaultValues,
  onSubmit,
  cancelLabel,
  submitLabel,
  resetOptions,
  keepsTyping = true,
  children,
}: DialogFormProps) {
  const translate = useTranslate();
  const titleId = useId();
  const { onDialogClose, inForm, question } = useDialogDismissal(onClose);
  return (
    <>
      <Dialog
        open={open}
        onClose={keepsTyping ? onDialogClose : onClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth={maxWidth}
      >
        <Form
          record={NO_RECORD}
          defaultValues={defaultValues}
          resetOptions={resetOptions}
          mode="onChange"
          onSubmit={onSubmit}
          noValidate
          disableInvalidFormNotification
        >
          {keepsTyping && inForm}
          <DialogTitle id={titleId}>{translate(title)}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate(cancelLabel)}</Button>
            <FormSubmitButton label={submitLabel} />
          </DialogActions>
        </Form>
      </Dialog>
      {question}
    </>
  );
}
