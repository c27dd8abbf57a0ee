import { useState, type ReactElement, type ReactNode } from "react";
import { Button, type ButtonProps } from "@mui/material";
import { useFormState } from "react-hook-form";
import { Confirm, SaveButton, useTranslate, type ConfirmProps } from "react-admin";

interface ConfirmButtonProps {
  label: string;
  /**
   * The button's accessible name when its label alone is not enough (the same action on each row
   * of a list, a label a column shares): translated, starting with the label's words.
   */
  accessibleName?: string;
  icon?: ReactElement;
  title: string;
  content: string;
  /** Arguments for title and content. */
  translateOptions?: Record<string, unknown>;
  /** The confirmation's own buttons and colour (react-admin's Confirm, Cancel and primary by default). */
  dialog?: Pick<ConfirmProps, "confirm" | "cancel" | "confirmColor">;
  /** Runs the action (a mutation); the dialog closes when it is over, or before it with `closeFirst`. */
  onConfirm: () => Promise<unknown>;
  /** The action asks something in a dialog of its own first (the password re-check). */
  closeFirst?: boolean;
  /** The action is running (the mutation's isPending). */
  loading?: boolean;
  disabled?: boolean;
  /** What describes the button (GraceGuard: why it is disabled). */
  "aria-describedby"?: string;
  color?: ButtonProps["color"];
  variant?: ButtonProps["variant"];
  button?: Pick<ButtonProps, "size" | "sx">;
}

/** A button that asks first (react-admin's Confirm dialog), then runs the action. */
export function ConfirmButton({
  label,
  accessibleName,
  icon,
  title,
  content,
  translateOptions,
  dialog,
  onConfirm,
  closeFirst,
  loading = false,
  disabled,
  "aria-describedby": describedBy,
  color = "primary",
  variant = "outlined",
  button,
}: ConfirmButtonProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        {...button}
        variant={variant}
        color={color}
        startIcon={icon}
        disabled={disabled || loading}
        aria-label={accessibleName}
        aria-describedby={describedBy}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {translate(label)}
      </Button>
      <Confirm
        isOpen={open}
        loading={loading}
        title={title}
        content={content}
        titleTranslateOptions={translateOptions}
        contentTranslateOptions={translateOptions}
        {...dialog}
        onConfirm={() => {
          if (closeFirst) setOpen(false);
          void onConfirm().finally(() => setOpen(false));
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

interface SubmitButtonProps {
  label: string;
  /** Default react-admin's save icon; null for none. */
  icon?: ReactNode;
  color?: ButtonProps["color"];
}

/**
 * A react-admin form's submit button that can be pressed on an untouched form, so the validators
 * say what is missing (react-admin's SaveButton waits for a change), and is disabled while the
 * form submits.
 */
export function SubmitButton({ label, icon, color }: SubmitButtonProps) {
  const { isSubmitting } = useFormState();
  return <SaveButton label={label} icon={icon} color={color} alwaysEnable={!isSubmitting} />;
}
