import { useRef, useState, type DragEvent } from "react";
import { Alert, Box, Typography } from "@mui/material";
import UploadIcon from "@mui/icons-material/CloudUploadOutlined";
import { useDataProvider, useInput, useNotify, useTranslate, ValidationError, type Validator } from "react-admin";
import { UPLOAD_EXTENSIONS } from "../../api/tests";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE } from "../../api/uploadLimit";
import type { ConsoleDataProvider } from "../../dataProvider";
import { errorMessage } from "../errorMessage";
import { DialogForm } from "./DialogForm";
import { isUploadAllowed } from "./testRules";

interface UploadDialogProps {
  testId: string;
  open: boolean;
  onClose: () => void;
  onUploaded: () => void;
}

const filesOf = (value: unknown): File[] => (Array.isArray(value) ? value.filter((file) => file instanceof File) : []);

/**
 * Spec §5: one file at a time, of the accepted extensions. The field holds every file of the last
 * drop or pick, so a drop of several is refused here, before anything is sent, rather than cut
 * down to one behind the user's back. A file over the service's limit is refused here too, in the
 * service's own words (its 413), rather than sent whole only to be refused.
 */
export const oneAllowedFile: Validator = (value) => {
  const files = filesOf(value);
  if (files.length === 0) return "ra.validation.required";
  if (files.length > 1) return "testDetail.upload.oneAtATime";
  const [file] = files;
  if (!isUploadAllowed(file.name)) return { message: "testDetail.upload.refused", args: { name: file.name } };
  return file.size > MAX_UPLOAD_BYTES ? UPLOAD_TOO_LARGE : undefined;
};

/** The file as a react-admin input: a drop zone, or a click to choose (spec §2). */
function UploadFileInput() {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  // Not a field value: whether something is being dragged over the zone.
  const [dragging, setDragging] = useState(false);
  const { field, fieldState } = useInput({
    source: "files",
    validate: oneAllowedFile,
    // The value is a list of File objects, not text: no empty-string conversion either way.
    format: (value) => value,
    parse: (value) => value,
  });
  const files = filesOf(field.value);

  const choose = (chosen: FileList | null) => {
    if (!chosen || chosen.length === 0) return;
    field.onChange(Array.from(chosen));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  };

  return (
    <>
      <Box
        role="button"
        tabIndex={0}
        data-testid="upload-dropzone"
        onClick={() => input.current?.click()}
        onKeyDown={(event) => (event.key === "Enter" || event.key === " ") && input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: "dashed",
          borderColor: dragging ? "primary.main" : fieldState.error ? "error.main" : "divider",
          bgcolor: dragging ? "action.hover" : "background.default",
          borderRadius: 2,
          p: 4,
          textAlign: "center",
          cursor: "pointer",
        }}
      >
        <UploadIcon color="primary" sx={{ fontSize: 48 }} />
        <Typography sx={{ fontWeight: 600 }}>{translate("testDetail.upload.drop")}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate("testDetail.upload.accepted")}
        </Typography>
        {files.length === 1 && (
          <Typography sx={{ mt: 1 }} data-testid="upload-chosen">
            {files[0].name}
          </Typography>
        )}
      </Box>
      <input
        ref={input}
        type="file"
        hidden
        name={field.name}
        accept={UPLOAD_EXTENSIONS.join(",")}
        data-testid="upload-input"
        onChange={(event) => {
          choose(event.target.files);
          // Choosing the same file again is a change too.
          event.target.value = "";
        }}
      />
      {fieldState.error?.message && (
        <Alert severity="error" sx={{ mt: 2 }}>
          <ValidationError error={fieldState.error.message} />
        </Alert>
      )}
    </>
  );
}

/**
 * Spec §2 "Upload additional files" as a react-admin form: drag and drop or click, one file at a
 * time, §5's extensions; POST v2/tests/file (a custom call: an upload is not CRUD).
 */
export function UploadDialog({ testId, open, onClose, onUploaded }: UploadDialogProps) {
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();

  const upload = async (values: Record<string, unknown>) => {
    const files = filesOf(values.files);
    // The form only submits what oneAllowedFile accepts; this keeps the one-file rule even so.
    if (files.length !== 1) return;
    try {
      await dataProvider.uploadTestFile(testId, files[0]);
    } catch (failure) {
      notify(errorMessage(failure), { type: "error" });
      return;
    }
    notify("testDetail.upload.success", { type: "success" });
    onUploaded();
  };

  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title="testDetail.upload.title"
      maxWidth="sm"
      onSubmit={upload}
      cancelLabel="testDetail.editDialog.cancel"
      submitLabel="testDetail.upload.upload"
    >
      <UploadFileInput />
    </DialogForm>
  );
}
