import { useState, type FormEvent } from "react";
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from "@mui/material";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import type { ApiTest, TestUpdate } from "../../api/tests";
import { TEST_NAME_MIN_LENGTH as NAME_MIN_LENGTH } from "../../api/rules";
import type { ConsoleDataProvider } from "../../dataProvider";
import { isTestNameValid, unwrapNotes } from "./testRules";
import { errorMessage } from "../errorMessage";

interface EditTestDialogProps {
  test: ApiTest;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

const initialValues = (test: ApiTest): TestUpdate => ({
  name: test.name ?? "",
  sku: test.sku ?? "",
  customer: test.customer ?? "",
  vendorName: test.vendorName ?? "",
  description: test.description ?? "",
  notes: unwrapNotes(test.notes).join("\n"),
});

/** Spec §2 Edit Test, §5: the name needs 3 characters after trimming; the rest is unbounded. */
export function EditTestDialog({ test, open, onClose, onSaved }: EditTestDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [values, setValues] = useState<TestUpdate>(() => initialValues(test));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameValid = isTestNameValid(values.name, NAME_MIN_LENGTH);

  const field = (name: keyof TestUpdate) => ({
    name,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    label: translate(`testDetail.editDialog.${name}`),
    fullWidth: true,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!nameValid) return;
    setSaving(true);
    setError(null);
    try {
      await dataProvider.updateTest(test.id, { ...values, name: values.name.trim() });
      notify("testDetail.editDialog.updated", { type: "success" });
      onSaved();
    } catch (failure) {
      // The typed values stay in the form: nothing is lost on a failed save.
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="edit-test-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="edit-test-title">{translate("testDetail.editDialog.title")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              {...field("name")}
              required
              autoFocus
              error={!nameValid}
              helperText={nameValid ? " " : translate("testDetail.editDialog.nameTooShort", { min: NAME_MIN_LENGTH })}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <TextField {...field("sku")} />
              <TextField {...field("customer")} />
              <TextField {...field("vendorName")} />
            </Stack>
            <TextField {...field("description")} multiline minRows={3} />
            <TextField
              {...field("notes")}
              multiline
              minRows={3}
              helperText={translate("testDetail.editDialog.notesHelp")}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate("testDetail.editDialog.cancel")}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!nameValid || saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate("testDetail.editDialog.update")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
