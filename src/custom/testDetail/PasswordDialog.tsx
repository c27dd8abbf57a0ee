import { useState, type FormEvent } from "react";
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from "@mui/material";
import { useDataProvider, useTranslate } from "react-admin";
import type { ConsoleDataProvider } from "../../dataProvider";
import { errorMessage } from "../errorMessage";

interface PasswordDialogProps {
  open: boolean;
  onCancel: () => void;
  /** Runs once the service says the password is right. */
  onConfirmed: () => void;
}

/** The password re-check before a high-impact action (spec §6); Continue waits for a password (§5). */
export function PasswordDialog({ open, onCancel, onConfirmed }: PasswordDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const close = () => {
    setPassword("");
    setError(null);
    onCancel();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    setChecking(true);
    setError(null);
    try {
      const correct = await dataProvider.checkPassword(password);
      if (!correct) {
        setError(translate("testDetail.password.incorrect"));
        return;
      }
      setPassword("");
      onConfirmed();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="password-dialog-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="password-dialog-title">{translate("testDetail.password.title")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate("testDetail.password.body")}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="password"
            autoComplete="current-password"
            label={translate("testDetail.password.label")}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? " "}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate("testDetail.password.cancel")}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!password || checking}
            startIcon={checking ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate("testDetail.password.continue")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
