import { useEffect, useState } from "react";
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Snackbar,
  Stack,
  TextField,
} from "@mui/material";
import CopyIcon from "@mui/icons-material/ContentCopy";
import { useDataProvider, useTranslate } from "react-admin";
import { COPY_SNACKBAR_MS } from "../../config";
import type { ConsoleDataProvider } from "../../dataProvider";
import { publicTestLink } from "../../dataProvider/testCalls";
import { errorMessage } from "../errorMessage";

/** Spec §2 "Share your test": POST tests/share/{id}, then the public link to copy. */
export function ShareDialog({ testId, open, onClose }: { testId: string; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLink(null);
    setError(null);
    dataProvider
      .shareTest(testId)
      .then(() => live && setLink(publicTestLink(window.location.origin, testId)))
      .catch((failure: unknown) => live && setError(errorMessage(failure)));
    return () => {
      live = false;
    };
  }, [open, testId, dataProvider, translate]);

  const copy = async () => {
    if (!link) return;
    await navigator.clipboard.writeText(link);
    setCopied(true);
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} aria-labelledby="share-title" fullWidth maxWidth="sm">
        <DialogTitle id="share-title">{translate("testDetail.shareDialog.title")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate("testDetail.shareDialog.body")}</DialogContentText>
          {error && <Alert severity="error">{error}</Alert>}
          {!error && !link && <CircularProgress size={24} aria-label={translate("app.loading")} />}
          {link && (
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
              <TextField
                label={translate("testDetail.shareDialog.link")}
                value={link}
                fullWidth
                slotProps={{ input: { readOnly: true } }}
                onFocus={(event) => event.target.select()}
              />
              <Button variant="contained" startIcon={<CopyIcon />} onClick={copy} sx={{ whiteSpace: "nowrap" }}>
                {translate("testDetail.shareDialog.copy")}
              </Button>
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate("testDetail.shareDialog.close")}</Button>
        </DialogActions>
      </Dialog>
      <Snackbar
        open={copied}
        autoHideDuration={COPY_SNACKBAR_MS}
        onClose={() => setCopied(false)}
        message={translate("testDetail.shareDialog.copied")}
        anchorOrigin={{ vertical: "top", horizontal: "right" }}
      />
    </>
  );
}
