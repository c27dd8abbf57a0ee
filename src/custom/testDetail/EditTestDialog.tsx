import { useEffect, useMemo, useRef, useState } from "react";
import { Alert, Box, Stack, Typography } from "@mui/material";
import { useFormContext, useWatch, type UseFormReturn } from "react-hook-form";
import { TextInput, useDataProvider, useNotify, useTranslate, useUpdate, type Validator } from "react-admin";
import { useQueryClient } from "@tanstack/react-query";
import { MAX_TEXT_LENGTH, type HeldTest, type TestUpdate } from "../../api/tests";
import { TEST_NAME_MIN_LENGTH as NAME_MIN_LENGTH } from "../../api/rules";
import {
  TEST_UPDATE_FIELDS,
  TESTS_RESOURCE,
  testRecordMeta,
  testUpdateBody,
} from "../../dataProvider/testRecordsProvider";
import { ConflictAlert } from "../../resources/shared/ConflictAlert";
import { fieldRefusalsOf, KEEP_EDITS } from "../../resources/shared/concurrency";
import { errorMessage } from "../errorMessage";
import { DialogForm } from "./DialogForm";
import { isTestNameValid, refusedFields, textLength, unwrapNotes } from "./testRules";
import { testRecordKey } from "./useTestActions";

interface EditTestDialogProps {
  test: HeldTest;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * PUT v2/tests/{id} with an `If-Match` the test no longer has: someone saved it since the dialog
 * opened (the user pages' 409 means the same).
 */
const STALE_STATUS = 412;

const initialValues = (test: HeldTest): TestUpdate => ({
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

const formatCount = (count: number) => count.toLocaleString("en-US");

/**
 * The reference service's bound on every field (MAX_TEXT_LENGTH, docs/decisions.md): over it the
 * field is in error and Update waits, rather than the service refusing the whole edit.
 */
const lengthRule: Validator = (value) =>
  textLength(String(value ?? "")) > MAX_TEXT_LENGTH
    ? { message: "ra.validation.maxLength", args: { max: formatCount(MAX_TEXT_LENGTH) } }
    : undefined;

/** A stored name may already break the rule: the field says so on opening, not only once typed in. */
function ValidateNameOnOpen() {
  const { trigger } = useFormContext();
  useEffect(() => {
    void trigger("name");
  }, [trigger]);
  return null;
}

/** Hands the dialog its form, to put a refusal on the field it names. */
function FormHandle({ handle }: { handle: { current: UseFormReturn | null } }) {
  const form = useFormContext();
  useEffect(() => {
    handle.current = form;
  }, [form, handle]);
  return null;
}

/** The field's length against the bound, on its helper line's right: in error colour once over. */
function LengthCounter({ source }: { source: string }) {
  const value: unknown = useWatch({ name: source });
  const length = textLength(String(value ?? ""));
  const over = length > MAX_TEXT_LENGTH;
  return (
    <Typography
      variant="caption"
      data-testid={`${source}-length`}
      color={over ? "error" : "text.secondary"}
      sx={{ position: "absolute", right: 14, bottom: 4, pointerEvents: "none" }}
    >
      {`${formatCount(length)} / ${formatCount(MAX_TEXT_LENGTH)}`}
    </Typography>
  );
}

/** A long text field with its length counter (room kept for it beside the helper text). */
function CountedTextInput({ source, label, helperText }: { source: string; label: string; helperText?: string }) {
  return (
    <Box sx={{ position: "relative" }}>
      <TextInput
        source={source}
        label={label}
        helperText={helperText}
        validate={lengthRule}
        multiline
        minRows={3}
        maxRows={12}
        sx={{ "& .MuiFormHelperText-root": { pr: 12 } }}
      />
      <LengthCounter source={source} />
    </Box>
  );
}

/** Brings an alert the person did not scroll to into view (the dialog may be scrolled to its end). */
function useShownWhen(shown: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) ref.current?.scrollIntoView?.({ block: "nearest" });
  }, [shown]);
  return ref;
}

/**
 * Spec §2 Edit Test, §5: a react-admin form over the six fields of PUT v2/tests/{id}, saved with
 * react-admin's update (dataProvider.update("tests"), testRecordsProvider.ts), so the test's
 * cached record is the saved one. The edit is of the test as it was when the dialog opened (a
 * refetch behind it changes neither the form nor the version it sends as `If-Match`). On a
 * refusal the dialog stays open with the typed values: a 412 (saved by someone else since) says
 * so and offers Reload, which lays the typed edits over the latest version; a refusal naming a
 * field goes under that field; anything else above the fields.
 */
export function EditTestDialog({ test, open, onClose, onSaved }: EditTestDialogProps) {
  const notify = useNotify();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const [update] = useUpdate<HeldTest>();
  // The version the edits are made to: the test at opening, then the one Reload brings.
  const [base, setBase] = useState<HeldTest>(test);
  const [stale, setStale] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useRef<UseFormReturn | null>(null);
  const staleRef = useShownWhen(stale);
  const failureRef = useShownWhen(failure !== null);

  const save = async (values: Record<string, unknown>) => {
    const data = testUpdateBody({ ...values, name: String(values.name ?? "").trim() });
    setFailure(null);
    try {
      await update(
        TESTS_RESOURCE,
        { id: test.id, data, previousData: base, meta: testRecordMeta(false) },
        { mutationMode: "pessimistic", returnPromise: true },
      );
    } catch (error) {
      // The typed values stay in the form whatever the refusal.
      if ((error as { status?: unknown } | null)?.status === STALE_STATUS) {
        setStale(true);
        notify("resources.shared.conflict.title", { type: "warning" });
        return;
      }
      const message = errorMessage(error);
      // A schema's refusal says what the field accepts, not the schema's words.
      const accepted = () => translate("testDetail.editDialog.refusedText", { max: formatCount(MAX_TEXT_LENGTH) });
      const onFields = refusedFields(TEST_UPDATE_FIELDS, fieldRefusalsOf(error, accepted));
      if (onFields && form.current) {
        const entries = Object.entries(onFields);
        entries.forEach(([field, text], index) =>
          form.current!.setError(field, { type: "server", message: text }, { shouldFocus: index === 0 }),
        );
        return;
      }
      setFailure(message);
      return;
    }
    setStale(false);
    notify("testDetail.editDialog.updated", { type: "success" });
    onSaved();
  };

  /** The latest version, for the page behind too; the form keeps what was typed over it. */
  const reload = async () => {
    const { data } = await dataProvider.getOne<HeldTest>(TESTS_RESOURCE, {
      id: test.id,
      meta: testRecordMeta(false),
    });
    queryClient.setQueryData(testRecordKey(test.id, false), data);
    setBase(data);
  };

  // One object per version of the test: a new one at each render made react-admin reset the form
  // at each render, losing that it held edits.
  const defaultValues = useMemo(() => initialValues(base), [base]);

  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title="testDetail.editDialog.title"
      maxWidth="sm"
      defaultValues={defaultValues}
      resetOptions={KEEP_EDITS}
      onSubmit={save}
      cancelLabel="testDetail.editDialog.cancel"
      submitLabel="testDetail.editDialog.update"
    >
      <ValidateNameOnOpen />
      <FormHandle handle={form} />
      <Stack spacing={1} sx={{ pt: 1 }}>
        {stale && (
          <Box ref={staleRef}>
            <ConflictAlert reload={reload} onReloaded={() => setStale(false)} />
          </Box>
        )}
        {failure !== null && (
          <Alert ref={failureRef} severity="error">
            {failure}
          </Alert>
        )}
        <TextInput source="name" label="testDetail.editDialog.name" validate={[nameRule, lengthRule]} autoFocus />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextInput source="sku" label="testDetail.editDialog.sku" validate={lengthRule} />
          <TextInput source="customer" label="testDetail.editDialog.customer" validate={lengthRule} />
          <TextInput source="vendorName" label="testDetail.editDialog.vendorName" validate={lengthRule} />
        </Stack>
        <CountedTextInput source="description" label="testDetail.editDialog.description" />
        <CountedTextInput
          source="notes"
          label="testDetail.editDialog.notes"
          helperText="testDetail.editDialog.notesHelp"
        />
      </Stack>
    </DialogForm>
  );
}
