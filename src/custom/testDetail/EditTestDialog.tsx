import { useEffect } from "react";
import { Alert, Stack } from "@mui/material";
import { useFormContext } from "react-hook-form";
import { TextInput, useNotify, useUpdate, type Validator } from "react-admin";
import type { ApiTest, TestUpdate } from "../../api/tests";
import { TEST_NAME_MIN_LENGTH as NAME_MIN_LENGTH } from "../../api/rules";
import { TESTS_RESOURCE, testRecordMeta, testUpdateBody } from "../../dataProvider/testRecordsProvider";
import { errorMessage } from "../errorMessage";
import { DialogForm } from "./DialogForm";
import { isTestNameValid, unwrapNotes } from "./testRules";

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

/** Spec §5: the name needs 3 characters after trimming (testRules.isTestNameValid). */
const nameRule: Validator = (value) =>
  isTestNameValid(String(value ?? ""), NAME_MIN_LENGTH)
    ? undefined
    : { message: "testDetail.editDialog.nameTooShort", args: { min: NAME_MIN_LENGTH } };

/** A stored name may already break the rule: the field says so on opening, not only once typed in. */
function ValidateNameOnOpen() {
  const { trigger } = useFormContext();
  useEffect(() => {
    void trigger("name");
  }, [trigger]);
  return null;
}

/**
 * Spec §2 Edit Test, §5: a react-admin form over the six fields of PUT v2/tests/{id}, saved with
 * react-admin's update (dataProvider.update("tests"), testRecordsProvider.ts), so the test's
 * cached record is the saved one. On a refusal the dialog stays open with the typed values and
 * the service's message.
 */
export function EditTestDialog({ test, open, onClose, onSaved }: EditTestDialogProps) {
  const notify = useNotify();
  const [update, { error }] = useUpdate<ApiTest>();

  const save = async (values: Record<string, unknown>) => {
    const data = testUpdateBody({ ...values, name: String(values.name ?? "").trim() });
    try {
      await update(
        TESTS_RESOURCE,
        { id: test.id, data, previousData: test, meta: testRecordMeta(false) },
        { mutationMode: "pessimistic", returnPromise: true },
      );
    } catch {
      // The mutation's error is shown above the fields; the typed values stay in the form.
      return;
    }
    notify("testDetail.editDialog.updated", { type: "success" });
    onSaved();
  };

  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title="testDetail.editDialog.title"
      maxWidth="sm"
      defaultValues={initialValues(test)}
      onSubmit={save}
      cancelLabel="testDetail.editDialog.cancel"
      submitLabel="testDetail.editDialog.update"
    >
      <ValidateNameOnOpen />
      <Stack spacing={1} sx={{ pt: 1 }}>
        {error != null && <Alert severity="error">{errorMessage(error)}</Alert>}
        <TextInput source="name" label="testDetail.editDialog.name" validate={nameRule} autoFocus />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextInput source="sku" label="testDetail.editDialog.sku" />
          <TextInput source="customer" label="testDetail.editDialog.customer" />
          <TextInput source="vendorName" label="testDetail.editDialog.vendorName" />
        </Stack>
        <TextInput source="description" label="testDetail.editDialog.description" multiline minRows={3} />
        <TextInput
          source="notes"
          label="testDetail.editDialog.notes"
          helperText="testDetail.editDialog.notesHelp"
          multiline
          minRows={3}
        />
      </Stack>
    </DialogForm>
  );
}
