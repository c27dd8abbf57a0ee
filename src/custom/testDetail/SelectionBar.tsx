import { Button, Paper, Stack, Typography } from "@mui/material";
import DownloadIcon from "@mui/icons-material/Download";
import DeleteIcon from "@mui/icons-material/DeleteOutline";
import { useTranslate } from "react-admin";
import { useGraceRefusal } from "../../access/useGraceRefusal";
import { GraceNote } from "../../resources/shared/GraceNote";

interface SelectionBarProps {
  count: number;
  busy: boolean;
  onDownload: () => void;
  onDelete: () => void;
  onClear: () => void;
}

/** Actions on the selected photos (private view): download them as a zip, or delete them. */
export function SelectionBar({ count, busy, onDownload, onDelete, onClear }: SelectionBarProps) {
  const translate = useTranslate();
  // Downloading stays open in the grace period (an export); deleting photos does not.
  const deleteRefused = useGraceRefusal("DELETE /api/tests/{id}/{fileId}");
  if (count === 0) return null;
  return (
    <Paper
      elevation={3}
      role="toolbar"
      aria-label={translate("testDetail.selection.count", { smart_count: count })}
      sx={{ position: "sticky", bottom: 16, zIndex: 2, px: 2, py: 1 }}
    >
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography sx={{ flex: 1, fontWeight: 600 }}>
          {translate("testDetail.selection.count", { smart_count: count })}
        </Typography>
        <Button startIcon={<DownloadIcon />} onClick={onDownload} disabled={busy}>
          {translate("testDetail.selection.download")}
        </Button>
        <Button
          startIcon={<DeleteIcon />}
          color="error"
          onClick={onDelete}
          disabled={busy || deleteRefused !== null}
          aria-describedby={deleteRefused ? "selection-grace-note" : undefined}
        >
          {translate("testDetail.selection.delete")}
        </Button>
        <GraceNote reason={deleteRefused} id="selection-grace-note" />
        <Button onClick={onClear} disabled={busy}>
          {translate("testDetail.selection.clear")}
        </Button>
      </Stack>
    </Paper>
  );
}
