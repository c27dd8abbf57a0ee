import { Alert, Box, Button, LinearProgress, Stack, Typography } from "@mui/material";
import DownloadIcon from "@mui/icons-material/Download";
import { useGetOne, useTranslate } from "react-admin";
import type { BulkDownload } from "../../api/tests";
import { BULK_DOWNLOADS_RESOURCE } from "../../dataProvider/testRecordsProvider";
import { formatDateTime } from "../format";
import { useLiveChangesOpen } from "../liveChanges/LiveChanges";
import { describeEstimate } from "./galleryQuery";

const POLL_MS = 2000;
const finished = (download: BulkDownload | undefined) => download?.status === "ready" || download?.status === "failed";

/**
 * A bulk download's state (react-admin's getOne("bulk-downloads"): GET bulk-downloads/{id}, public),
 * polled until it is ready or failed; not polled while the live changes are open (signed in), which
 * ask again as the zip's job moves on.
 */
export function useBulkDownload(id: string) {
  const live = useLiveChangesOpen();
  return useGetOne<BulkDownload>(
    BULK_DOWNLOADS_RESOURCE,
    { id },
    { refetchInterval: (query) => (live || finished(query.state.data) ? false : POLL_MS), retry: false },
  );
}

/**
 * Progress, the estimate from the number of tests (spec §9), and the zip once ready, with when it
 * expires (24 hours after it is ready, docs/api.md "Bulk downloads").
 */
export function BulkDownloadStatus({ download }: { download: BulkDownload }) {
  const translate = useTranslate();
  const estimate = describeEstimate(download.estimatedSeconds);
  const running = !finished(download);
  return (
    <Stack spacing={1.5} aria-live="polite">
      <Typography sx={{ fontWeight: 600 }}>
        {translate(running ? "bulkDownload.preparing" : "bulkDownload.finished", { smart_count: download.testCount })}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="bulk-status">
        {translate(`bulkDownload.status.${download.status}`)}
        {running && ` · ${translate(`bulkDownload.estimate.${estimate.unit}`, { smart_count: estimate.count })}`}
      </Typography>
      {running && (
        <Box>
          <LinearProgress
            variant={download.progress > 0 ? "determinate" : "indeterminate"}
            value={Math.round(download.progress * 100)}
            aria-label={translate("bulkDownload.title")}
          />
        </Box>
      )}
      {download.status === "ready" && download.fileUrl && (
        <>
          <Alert severity="success">{translate("bulkDownload.ready")}</Alert>
          {download.expiresAt && (
            <Typography variant="body2" color="text.secondary" data-testid="bulk-expires">
              {translate("bulkDownload.expires", { date: formatDateTime(download.expiresAt) })}
            </Typography>
          )}
          <Box>
            <Button variant="contained" startIcon={<DownloadIcon />} href={download.fileUrl} download>
              {translate("bulkDownload.downloadZip")}
            </Button>
          </Box>
        </>
      )}
      {download.status === "failed" && (
        <Alert severity="error">{translate("bulkDownload.failed", { error: download.error ?? "" })}</Alert>
      )}
    </Stack>
  );
}
