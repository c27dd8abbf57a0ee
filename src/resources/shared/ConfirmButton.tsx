import { useState, type ReactElement } from "react";
import { Button, type ButtonProps } from "@mui/material";
import { Confirm, useTranslate } from "react-admin";

interface ConfirmButtonProps {
  label: string;
  icon?: ReactElement;
  title: string;
  content: string;
  /** Arguments for title and content. */
  translateOptions?: Record<string, unknown>;
  onConfirm: () => Promise<unknown> | void;
  disabled?: boolean;
  color?: ButtonProps["color"];
  variant?: ButtonProps["variant"];
}

/** A button that asks first (react-admin's Confirm dialog), then runs the action. */
export function ConfirmButton({
  label,
  icon,
  title,
  content,
  translateOptions,
  onConfirm,
  disabled,
  color = "primary",
  variant = "outlined",
}: ConfirmButtonProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button
        variant={variant}
        color={color}
        startIcon={icon}
        disabled={disabled || busy}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {translate(label)}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={title}
        content={content}
        titleTranslateOptions={translateOptions}
        contentTranslateOptions={translateOptions}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
