import { useEffect, useState, type ReactNode } from "react";
import { useFormContext } from "react-hook-form";
import { Box } from "@mui/material";
import {
  EditBase,
  SaveButton,
  SimpleForm,
  Toolbar,
  useEditContext,
  useSaveContext,
  useNotify,
  useTranslate,
  type RaRecord,
  type SimpleFormProps,
  type TransformData,
  type ValidateForm,
} from "react-admin";
import type { GraceWrite } from "../../access/graceWrites";
import { useGraceRefusal } from "../../access/useGraceRefusal";
import { classifySaveError, KEEP_EDITS } from "./concurrency";
import { ConflictAlert } from "./ConflictAlert";
import { GraceNote } from "./GraceNote";
import { UnsavedChangesGuard, useWarnOnLeave } from "./UnsavedChangesGuard";

/** The edit's conflict alert: Reload fetches the edit's record again. */
function EditConflictAlert({ onReloaded }: { onReloaded: () => void }) {
  const { refetch } = useEditContext();
  return <ConflictAlert reload={refetch} onReloaded={onReloaded} sx={{ mx: 2, mt: 2 }} />;
}

export interface VersionedEditProps {
  resource: string;
  id: string;
  /**
   * The route its Save calls: while the grace period refuses it, the form shows its values
   * disabled and the reason instead of Save (src/access/graceWrites.ts).
   */
  write: GraceWrite;
  children: ReactNode;
  /** What to send: by default the whole form (the record with the user's changes). */
  transform?: TransformData;
  /**
   * The record as the page already read it under another resource: the form starts from it at
   * once (typing is not lost to the form's own read arriving) while that read runs.
   */
  placeholder?: RaRecord;
  /** Extra buttons next to Save. */
  toolbar?: ReactNode;
  onSaved?: (record: RaRecord) => void;
  /** Record-level validation (react-admin's form `validate`). */
  validate?: ValidateForm;
  /**
   * Asked after the form validates and before it saves (a password re-check): false keeps the
   * form as typed and sends nothing.
   */
  beforeSave?: () => Promise<boolean>;
}

/**
 * An edit form over react-admin's EditBase, pessimistic, with the concurrency rule of the contract:
 * the record's `version` goes back with the save; a 409 shows the conflict alert and keeps the
 * form as typed; a 400/422 with `errors` puts each message on its field; the rest is a toast.
 */
export function VersionedEdit({
  resource,
  id,
  write,
  children,
  transform,
  placeholder,
  toolbar,
  onSaved,
  validate,
  beforeSave,
}: VersionedEditProps) {
  const translate = useTranslate();
  const refused = useGraceRefusal(write);
  const notify = useNotify();
  const warnOnLeave = useWarnOnLeave();
  const [conflict, setConflict] = useState(false);
  const [saved, setSaved] = useState<RaRecord | null>(null);

  return (
    <EditBase
      resource={resource}
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      transform={transform}
      queryOptions={placeholder ? { placeholderData: placeholder } : undefined}
      mutationOptions={{
        onSuccess: (record: RaRecord) => {
          setConflict(false);
          setSaved(record);
          notify("resources.shared.saved", { type: "success" });
          onSaved?.(record);
        },
        onError: (error: unknown) => {
          const failure = classifySaveError(error, translate("app.errors.generic"));
          if (failure.kind === "conflict") {
            setConflict(true);
            notify("resources.shared.conflict.title", { type: "warning" });
          } else if (failure.kind === "other") {
            notify(failure.message, { type: "error" });
          }
          // Validation errors land on their fields (react-admin reads body.errors) and
          // react-admin's own notice says the form is invalid.
        },
      }}
    >
      {conflict && <EditConflictAlert onReloaded={() => setConflict(false)} />}
      <CheckedForm
        beforeSave={beforeSave}
        warnWhenUnsavedChanges={warnOnLeave}
        resetOptions={KEEP_EDITS}
        validate={validate}
        disabled={refused !== null}
        toolbar={
          <Toolbar sx={{ gap: 1 }}>
            {refused === null ? <SaveButton /> : <GraceNote reason={refused} />}
            {refused === null && toolbar}
          </Toolbar>
        }
      >
        <UnsavedChangesGuard />
        <ForgetSavedEdits saved={saved} />
        {children}
      </CheckedForm>
    </EditBase>
  );
}

/** A VersionedEdit inside a detail page's Section: the form's own padding lines up with the card's. */
export function VersionedEditInSection(props: VersionedEditProps) {
  return (
    <Box sx={{ mx: -2 }}>
      <VersionedEdit {...props} />
    </Box>
  );
}

/**
 * Once saved, the edits are the record: the form is reset to it, so it is no longer dirty and
 * leaving the page does not warn about unsaved changes (keeping dirty values would keep the
 * saved fields marked as changed).
 */
function ForgetSavedEdits({ saved }: { saved: RaRecord | null }) {
  const { reset } = useFormContext();
  useEffect(() => {
    if (saved) reset(saved);
  }, [saved, reset]);
  return null;
}

export type CheckedFormProps = SimpleFormProps & { beforeSave?: () => Promise<boolean> };

/**
 * The SimpleForm of an edit or a create; with `beforeSave` (a password re-check), the edit's or
 * the create's own save runs only once it says yes.
 */
export function CheckedForm({ beforeSave, ...props }: CheckedFormProps) {
  const { save } = useSaveContext();
  const onSubmit =
    beforeSave && save
      ? async (values: Record<string, unknown>) => ((await beforeSave()) ? save(values) : undefined)
      : undefined;
  // noValidate: the form's own rules speak, in the product's words, under each field; the
  // browser's would stop the submit with its own bubble (a percent's max, a number's min).
  return <SimpleForm {...props} noValidate onSubmit={onSubmit} />;
}
