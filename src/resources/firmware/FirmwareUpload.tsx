import { useRef, useState, type DragEvent, type FormEvent } from "react";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import UploadIcon from "@mui/icons-material/UploadFile";
import { useQueryClient } from "@tanstack/react-query";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import { useNavigate } from "react-router-dom";
import { FIRMWARE_MAX_BYTES, FIRMWARE_VERSION_PATTERN } from "../../api/resources";
import type { ConsoleDataProvider } from "../../dataProvider";
import { DEVICE_TYPE_CHOICES } from "../devices/deviceTypes";
import { classifySaveError } from "../shared/concurrency";
import { formatBytes } from "../shared/money";
import { PageHeader } from "../shared/PageHeader";
import { paths } from "../shared/paths";

type Errors = Partial<Record<"file" | "firmwareVersion" | "deviceTypeCode" | "releaseNotes", string>>;

/** /firmware/upload (super admin): file, version, device type, release notes, with upload progress. */
export default function FirmwareUploadPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [firmwareVersion, setFirmwareVersion] = useState("");
  const [deviceTypeCode, setDeviceTypeCode] = useState<number>(DEVICE_TYPE_CHOICES[0].id);
  const [releaseNotes, setReleaseNotes] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setErrors({
      ...errors,
      file:
        chosen.size > FIRMWARE_MAX_BYTES
          ? translate("resources.firmware.upload.tooLarge", { max: formatBytes(FIRMWARE_MAX_BYTES) })
          : undefined,
    });
  };

  const validate = (): Errors => {
    const next: Errors = {};
    if (!file) next.file = translate("resources.firmware.upload.fileRequired");
    else if (file.size > FIRMWARE_MAX_BYTES)
      next.file = translate("resources.firmware.upload.tooLarge", { max: formatBytes(FIRMWARE_MAX_BYTES) });
    if (!FIRMWARE_VERSION_PATTERN.test(firmwareVersion.trim()))
      next.firmwareVersion = translate("resources.firmware.upload.versionInvalid");
    if (!releaseNotes.trim()) next.releaseNotes = translate("ra.validation.required");
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = validate();
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0 || !file) return;
    setProgress(0);
    try {
      const uploaded = await dataProvider.uploadFirmware(
        { firmwareVersion: firmwareVersion.trim(), deviceTypeCode, releaseNotes: releaseNotes.trim() },
        file,
        { onProgress: setProgress },
      );
      notify("resources.firmware.upload.done", { type: "success", messageArgs: { version: uploaded.firmwareVersion } });
      await queryClient.invalidateQueries({ queryKey: ["firmware"] });
      navigate(paths.firmware);
    } catch (error) {
      const outcome = classifySaveError(error, translate("app.errors.generic"));
      if (outcome.kind === "validation") setErrors(outcome.errors);
      setFailure(outcome.message);
      notify(outcome.message, { type: "error" });
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <Box sx={{ py: 2, maxWidth: 760 }}>
      <PageHeader
        title={translate("resources.firmware.upload.title")}
        subtitle={translate("resources.firmware.upload.subtitle")}
      />
      <Card variant="outlined">
        <CardContent>
          <form onSubmit={submit} noValidate>
            <Stack spacing={2}>
              <Box
                role="button"
                tabIndex={0}
                aria-label={translate("resources.firmware.fields.file")}
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
                  borderColor: errors.file ? "error.main" : "divider",
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
                {errors.file && (
                  <Typography color="error" variant="body2">
                    {errors.file}
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
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                <TextField
                  label={translate("resources.firmware.fields.firmwareVersion")}
                  value={firmwareVersion}
                  onChange={(event) => setFirmwareVersion(event.target.value)}
                  error={Boolean(errors.firmwareVersion)}
                  helperText={errors.firmwareVersion ?? "4.2.1"}
                  required
                />
                <TextField
                  select
                  label={translate("resources.firmware.fields.deviceTypeCode")}
                  value={deviceTypeCode}
                  onChange={(event) => setDeviceTypeCode(Number(event.target.value))}
                  error={Boolean(errors.deviceTypeCode)}
                  helperText={errors.deviceTypeCode ?? " "}
                  sx={{ minWidth: 220 }}
                >
                  {DEVICE_TYPE_CHOICES.map((choice) => (
                    <MenuItem key={choice.id} value={choice.id}>
                      {choice.name}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <TextField
                label={translate("resources.firmware.fields.releaseNotes")}
                value={releaseNotes}
                onChange={(event) => setReleaseNotes(event.target.value)}
                multiline
                minRows={5}
                error={Boolean(errors.releaseNotes)}
                helperText={errors.releaseNotes ?? " "}
                required
              />
              {uploading && (
                <Box>
                  <LinearProgress
                    variant="determinate"
                    value={Math.round((progress ?? 0) * 100)}
                    aria-label={translate("resources.firmware.upload.progress", {
                      percent: Math.round((progress ?? 0) * 100),
                    })}
                  />
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {translate("resources.firmware.upload.progress", { percent: Math.round((progress ?? 0) * 100) })}
                  </Typography>
                </Box>
              )}
              {failure && <Alert severity="error">{failure}</Alert>}
              <Stack direction="row" spacing={1}>
                <Button type="submit" variant="contained" startIcon={<UploadIcon />} disabled={uploading}>
                  {translate("resources.firmware.upload.submit")}
                </Button>
                <Button onClick={() => navigate(paths.firmware)} disabled={uploading}>
                  {translate("resources.shared.cancel")}
                </Button>
              </Stack>
            </Stack>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
