import { Box, Button, CircularProgress, IconButton, Stack, TextField, Tooltip, Typography } from "@mui/material";
import CopyIcon from "@mui/icons-material/ContentCopy";
import DownloadIcon from "@mui/icons-material/Download";
import { useMutation } from "@tanstack/react-query";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import type { Firmware } from "../../api/resources";
import { saveBlob } from "../../custom/download";
import { errorMessage } from "../../custom/errorMessage";
import type { ConsoleDataProvider } from "../../dataProvider";
import { deviceTypeName } from "../../api/tests";
import { formatBytes } from "../shared/money";

type Build = Pick<Firmware, "id" | "firmwareVersion" | "deviceTypeCode" | "fileName" | "fileSize" | "sha256">;

/** GET firmware/{id}/file through the console's client (bearer, refresh), saved under its file name. */
function useFirmwareDownload(build: Build) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  return useMutation({
    mutationFn: () => dataProvider.downloadFirmware(build.id),
    onSuccess: (result) => saveBlob(result.blob, result.fileName ?? build.fileName),
    onError: (error) => notify(errorMessage(error, translate("app.errors.generic")), { type: "error" }),
  });
}

/** Which build a control acts on, for its accessible name: "4.2.1 (Watson AI)". */
const buildName = (build: Build) => `${build.firmwareVersion} (${deviceTypeName(build.deviceTypeCode)})`;

/** A list row's download: an icon button named for its build; a click on it does not open the row. */
export function FirmwareDownloadButton({ build }: { build: Build }) {
  const translate = useTranslate();
  const download = useFirmwareDownload(build);
  const name = translate("resources.firmware.download.name", { build: buildName(build) });
  return (
    <Tooltip title={name}>
      <span>
        <IconButton
          aria-label={name}
          disabled={download.isPending}
          onClick={(event) => {
            event.stopPropagation();
            download.mutate();
          }}
        >
          {download.isPending ? <CircularProgress size={18} /> : <DownloadIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * Where a super admin looks at a build (its dialog): the file with its size, a Download, and the
 * SHA-256 in full, selectable and copied with one click, to check a downloaded or installed file.
 */
export function FirmwareFileDetails({ build }: { build: Build }) {
  const translate = useTranslate();
  const notify = useNotify();
  const download = useFirmwareDownload(build);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(build.sha256);
      notify("resources.firmware.sha256Copied", { type: "success" });
    } catch {
      notify("resources.firmware.sha256CopyFailed", { type: "error" });
    }
  };
  return (
    <Stack spacing={1.5} sx={{ width: "100%", mb: 2 }}>
      <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between" flexWrap="wrap" useFlexGap>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {translate("resources.firmware.fields.fileName")}
          </Typography>
          <Typography sx={{ overflowWrap: "anywhere" }}>
            {build.fileName} · {formatBytes(build.fileSize)}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={download.isPending ? <CircularProgress size={16} /> : <DownloadIcon />}
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          {translate("resources.firmware.download.button")}
        </Button>
      </Stack>
      <TextField
        label={translate("resources.firmware.fields.sha256")}
        value={build.sha256}
        fullWidth
        multiline
        onFocus={(event) => event.target.select()}
        slotProps={{
          input: {
            readOnly: true,
            sx: { fontFamily: "monospace", fontSize: 13 },
            endAdornment: (
              <Tooltip title={translate("resources.firmware.copySha256")}>
                <IconButton aria-label={translate("resources.firmware.copySha256")} onClick={() => void copy()}>
                  <CopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            ),
          },
        }}
      />
    </Stack>
  );
}
