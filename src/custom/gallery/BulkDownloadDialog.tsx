import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link as MuiLink,
} from "@mui/material";
import { Link } from "react-router-dom";
import { useTranslate } from "react-admin";
import { BulkDownloadStatus, useBulkDownload } from "./BulkDownloadStatus";

/** The running bulk download, followed from the gallery. */
export function BulkDownloadDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const translate = useTranslate();
  const { data } = useBulkDownload(id);
  return (
    <Dialog open onClose={onClose} aria-labelledby="bulk-download-title" fullWidth maxWidth="sm">
      <DialogTitle id="bulk-download-title">{translate("bulkDownload.title")}</DialogTitle>
      <DialogContent>
        {data ? <BulkDownloadStatus download={data} /> : <CircularProgress size={24} />}
        <DialogContentText variant="body2" sx={{ mt: 2 }}>
          {translate("bulkDownload.pageHint")}{" "}
          <MuiLink component={Link} to={`/bulk-downloads/${encodeURIComponent(id)}`}>
            {translate("bulkDownload.openPage")}
          </MuiLink>
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("bulkDownload.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
