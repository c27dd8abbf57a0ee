import { useState } from "react";
import { Alert, AlertTitle, Button, CircularProgress, type SxProps, type Theme } from "@mui/material";
import RefreshIcon from "@mui/icons-material/Refresh";
import { useNotify, useTranslate } from "react-admin";

interface ConflictAlertProps {
  /** Fetches the record again: the form resets to it with KEEP_EDITS, so what was typed stays. */
  reload: () => Promise<unknown>;
  onReloaded: () => void;
  sx?: SxProps<Theme>;
}

/** Says the record changed under the user (a 409), and reloads it: the form keeps what the user typed. */
export function ConflictAlert({ reload, onReloaded, sx }: ConflictAlertProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [reloading, setReloading] = useState(false);
  const reloadRecord = async () => {
    setReloading(true);
    try {
      await reload();
      onReloaded();
      notify("resources.shared.conflict.reloaded", { type: "info" });
    } finally {
      setReloading(false);
    }
  };
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={sx}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={reloadRecord}
          disabled={reloading}
          startIcon={reloading ? <CircularProgress size={14} color="inherit" /> : <RefreshIcon />}
        >
          {translate("resources.shared.conflict.reload")}
        </Button>
      }
    >
      <AlertTitle>{translate("resources.shared.conflict.title")}</AlertTitle>
      {translate("resources.shared.conflict.body")}
    </Alert>
  );
}
