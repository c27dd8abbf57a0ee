import { useRef, useState, type DragEvent } from "react";
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from "@mui/material";
import UploadIcon from "@mui/icons-material/UploadFile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useFormContext, useFormState } from "react-hook-form";
import {
  Form,
  InputHelperText,
  SelectInput,
  TextInput,
  maxLength,
  required,
  useDataProvider,
  useInput,
  useNotify,
  useTranslate,
  type Validator,
} from "react-admin";
import { useNavigate } from "react-router-dom";
import { FIRMWARE_MAX_BYTES, FIRMWARE_VERSION_PATTERN, type FirmwareUploadFields } from "../../api/resources";
import type { ConsoleDataProvider } from "../../dataProvider";
import { DEVICE_TYPE_CHOICES } from "../devices/deviceTypes";
import { errorMessage } from "../../custom/errorMessage";
import { fieldErrorsOf } from "../shared/concurrency";
import { notOnlySpaces } from "../shared/fieldValidators";
import { SubmitButton } from "../shared/ConfirmButton";
import { formatBytes } from "../shared/money";
import { PageHeader } from "../shared/PageHeader";
import { paths } from "../shared/paths";

const VERSION_INVALID = "resources.firmware.upload.versionInvalid";
const versionFormat: Validator = (value) =>
  FIRMWARE_VERSION_PATTERN.test(String(value ?? "").trim()) ? undefined : VERSION_INVALID;
const fileChecks: Validator = (value) => {
  if (!(value instanceof File)) return "resources.firmware.upload.fileRequired";
  if (value.size === 0) return "resources.firmware.upload.empty";
  return value.size > FIRMWARE_MAX_BYTES
    ? { message: "resources.firmware.upload.tooLarge", args: { max: formatBytes(FIRMWARE_MAX_BYTES) } }
    : undefined;
};
const VERSION_CHECKS = [required(VERSION_INVALID), versionFormat];
const NOTES_CHECKS = [required(), notOnlySpaces, maxLength(10_000)];
const DEFAULTS = { deviceTypeCode: DEVICE_TYPE_CHOICES[0].id, firmwareVersion: "", releaseNotes: "" };

/** The firmware file as a react-admin input: a drop zone (or click to choose), checked at once. */
function FirmwareFileInput() {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const { trigger } = useFormContext();
  const { field, fieldState } = useInput({ source: "file", validate: fileChecks });
  const file = field.value instanceof File ? field.value : null;
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    field.onChange(chosen);
    void trigger("file");
  };
  return (
    // Named by what it shows ("Drag and drop the firmware file here…", then the chosen file and any
    // error): an aria-label "Firmware file" left all of it out (label in name, WCAG 2.5.3).
    <Box
      role="button"
      tabIndex={0}
      onClick={() => input.current?.click()}
      onKeyDown={(event) => (event.key === "Enter" || event.key === " ") && input.current?.click()}
      onDragOver={(event: DragEvent) => event.preventDefault()}
      onDrop={(event: DragEvent) => {
        event.preventDefault();
        choose(event.dataTransfer.files[0]);
      }}
      sx={{
        border: 2,
        borderStyle: "dashed",
        borderColor: fieldState.error ? "error.main" : "divider",
        borderRadius: 2,
        p: 4,
        textAlign: "center",
        cursor: "pointer",
        color: "text.secondary",
      }}
    >
      <UploadIcon sx={{ fontSize: 40 }} />
      <Typography>
        {file
          ? translate("resources.firmware.upload.chosen", { name: file.name, size: formatBytes(file.size) })
          : translate("resources.firmware.upload.drop")}
      </Typography>
      {fieldState.error?.message && (
        <Typography color="error" variant="body2">
          <InputHelperText error={fieldState.error.message} />
        </Typography>
      )}
      <input
        ref={input}
        type="file"
        hidden
        data-testid="firmware-file"
        onChange={(event) => choose(event.target.files?.[0])}
      />
    </Box>
  );
}

/** Cancel goes back to the list, except while the file goes up. */
function CancelButton() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { isSubmitting } = useFormState();
  return (
    <Button onClick={() => navigate(paths.firmware)} disabled={isSubmitting}>
      {translate("resources.shared.cancel")}
    </Button>
  );
}

interface UploadVariables {
  fields: FirmwareUploadFields;
  file: File;
}

/** /firmware/upload (super admin): file, version, device type, release notes, with upload progress. */
export default function FirmwareUploadPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  // Not form input: how far the file has gone up.
  const [progress, setProgress] = useState<number | null>(null);

  const upload = useMutation({
    mutationFn: ({ fields, file }: UploadVariables) =>
      dataProvider.uploadFirmware(fields, file, { onProgress: setProgress }),
    onMutate: () => setProgress(0),
    onSuccess: async (uploaded) => {
      notify("resources.firmware.upload.done", { type: "success", messageArgs: { version: uploaded.firmwareVersion } });
      await queryClient.invalidateQueries({ queryKey: ["firmware"] });
      navigate(paths.firmware);
    },
    // A refused field says so under itself (submit's answer); anything else is said here and above Upload.
    onError: (error) => {
      if (!fieldErrorsOf(error)) notify(errorMessage(error, translate("app.errors.generic")), { type: "error" });
    },
    onSettled: () => setProgress(null),
  });

  const submit = async (values: Record<string, unknown>) => {
    try {
      await upload.mutateAsync({
        fields: {
          firmwareVersion: String(values.firmwareVersion ?? "").trim(),
          deviceTypeCode: Number(values.deviceTypeCode),
          releaseNotes: String(values.releaseNotes ?? "").trim(),
        },
        file: values.file as File,
      });
      return undefined;
    } catch (error) {
      // A field the service refused (422 firmwareVersion, 413 file…) shows under it, as typed.
      return fieldErrorsOf(error) ?? undefined;
    }
  };

  const percent = Math.round((progress ?? 0) * 100);
  return (
    <Box sx={{ py: 2, maxWidth: 760 }}>
      <PageHeader
        title={translate("resources.firmware.upload.title")}
        subtitle={translate("resources.firmware.upload.subtitle")}
      />
      <Card variant="outlined">
        <CardContent>
          <Form resource="firmware" defaultValues={DEFAULTS} onSubmit={submit} noValidate>
            <Stack spacing={2}>
              <FirmwareFileInput />
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                <TextInput source="firmwareVersion" validate={VERSION_CHECKS} helperText="4.2.1" />
                <SelectInput
                  source="deviceTypeCode"
                  choices={DEVICE_TYPE_CHOICES}
                  validate={required()}
                  translateChoice={false}
                  sx={{ minWidth: 220 }}
                />
              </Stack>
              <TextInput source="releaseNotes" validate={NOTES_CHECKS} multiline minRows={5} fullWidth />
              {progress !== null && (
                <Box>
                  <LinearProgress
                    variant="determinate"
                    value={percent}
                    aria-label={translate("resources.firmware.upload.progress", { percent })}
                  />
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {translate("resources.firmware.upload.progress", { percent })}
                  </Typography>
                </Box>
              )}
              {upload.error && !fieldErrorsOf(upload.error) && (
                <Alert severity="error">{errorMessage(upload.error, translate("app.errors.generic"))}</Alert>
              )}
              <Stack direction="row" spacing={1}>
                <SubmitButton label="resources.firmware.upload.submit" icon={<UploadIcon />} />
                <CancelButton />
              </Stack>
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
