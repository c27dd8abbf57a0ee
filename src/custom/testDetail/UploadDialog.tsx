import { useRef, useState, type DragEvent } from "react";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from "@mui/material";
import UploadIcon from "@mui/icons-material/CloudUploadOutlined";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import { UPLOAD_EXTENSIONS } from "../../api/tests";
import type { ConsoleDataProvider } from "../../dataProvider";
import { isUploadAllowed } from "./testRules";
import { errorMessage } from "../errorMessage";

interface UploadDialogProps {
  testId: string;
  open: boolean;
  onClose: () => void;
  onUploaded: () => void;
}

/** Spec §2 "Upload additional files": drag and drop or click, one file at a time, §5's extensions. */
export function UploadDialog({ testId, open, onClose, onUploaded }: UploadDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState(false);

  const choose = (files: FileList | null) => {
    setRefusal(null);
    if (!files || files.length === 0) return;
    if (files.length > 1) {
      setFile(null);
      setRefusal(translate("testDetail.upload.oneAtATime"));
      return;
    }
    const chosen = files[0];
    if (!isUploadAllowed(chosen.name)) {
      setFile(null);
      setRefusal(translate("testDetail.upload.refused", { name: chosen.name }));
      return;
    }
    setFile(chosen);
  };

  const close = () => {
    setFile(null);
    setRefusal(null);
    onClose();
  };

  const upload = async () => {
    if (!file) return;
    setUploading(true);
    try {
      await dataProvider.uploadTestFile(testId, file);
      notify("testDetail.upload.success", { type: "success" });
      setFile(null);
      onUploaded();
    } catch (failure) {
      notify(errorMessage(failure), { type: "error" });
    } finally {
      setUploading(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="upload-title" fullWidth maxWidth="sm">
      <DialogTitle id="upload-title">{translate("testDetail.upload.title")}</DialogTitle>
      <DialogContent>
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
            borderColor: dragging ? "primary.main" : "divider",
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
          {file && (
            <Typography sx={{ mt: 1 }} data-testid="upload-chosen">
              {file.name}
            </Typography>
          )}
        </Box>
        <input
          ref={input}
          type="file"
          hidden
          accept={UPLOAD_EXTENSIONS.join(",")}
          data-testid="upload-input"
          onChange={(event) => {
            choose(event.target.files);
            event.target.value = "";
          }}
        />
        {refusal && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate("testDetail.editDialog.cancel")}</Button>
        <Button
          variant="contained"
          onClick={upload}
          disabled={!file || uploading}
          startIcon={uploading ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate("testDetail.upload.upload")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
