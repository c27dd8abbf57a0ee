import { Alert, Box } from "@mui/material";
import { useParams } from "react-router-dom";
import { useTranslate } from "react-admin";
import { PageLoader } from "../status/PageLoader";
import { TestDetailView } from "./TestDetailView";
import { useTestQuery } from "./useTestQuery";

/** One test, loaded by id; a failed load shows its message in an error alert (spec §8). */
export function TestDetail({ publicView }: { publicView: boolean }) {
  const translate = useTranslate();
  const { id = "" } = useParams();
  const { data, error, isPending } = useTestQuery(id, publicView);
  if (isPending) return <PageLoader />;
  if (error || !data) {
    return (
      <Box sx={{ py: 2 }}>
        <Alert severity="error">{error?.message || translate("testDetail.loadFailed")}</Alert>
      </Box>
    );
  }
  return <TestDetailView test={data} publicView={publicView} />;
}

/** /gallery/item/:id */
export default function TestDetailPage() {
  return <TestDetail publicView={false} />;
}
