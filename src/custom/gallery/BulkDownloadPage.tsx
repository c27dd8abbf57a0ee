import { Alert, Paper, Stack, Typography } from "@mui/material";
import { useParams } from "react-router-dom";
import { useTranslate } from "react-admin";
import { PageLoader } from "../status/PageLoader";
import { BulkDownloadStatus, useBulkDownload } from "./BulkDownloadStatus";

/** /bulk-downloads/:bulkDownloadId: a bulk download's page, for all (spec §2). */
export default function BulkDownloadPage() {
  const translate = useTranslate();
  const { bulkDownloadId = "" } = useParams();
  const { data, error, isPending } = useBulkDownload(bulkDownloadId);
  return (
    <Stack spacing={2} sx={{ maxWidth: 640, mx: "auto", pt: 4 }}>
      <Typography variant="h5" component="h1">
        {translate("bulkDownload.title")}
      </Typography>
      {isPending && <PageLoader />}
      {error && <Alert severity="error">{translate("bulkDownload.notFound")}</Alert>}
      {data && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <BulkDownloadStatus download={data} />
        </Paper>
      )}
    </Stack>
  );
}
