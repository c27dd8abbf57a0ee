import { Alert, Box } from "@mui/material";
import { useParams } from "react-router-dom";
import { useGetOne, useTranslate } from "react-admin";
import type { ApiTest } from "../../api/tests";
import { TESTS_RESOURCE, testRecordMeta } from "../../dataProvider/testRecordsProvider";
import { PageLoader } from "../status/PageLoader";
import { TestDetailView } from "./TestDetailView";

/**
 * One test, loaded by id with react-admin's getOne (GET v3/tests/{id}, or the public one), cached
 * per view; a failed load shows its message in an error alert (spec §8).
 */
export function TestDetail({ publicView }: { publicView: boolean }) {
  const translate = useTranslate();
  const { id = "" } = useParams();
  const { data, error, isPending } = useGetOne<ApiTest>(
    TESTS_RESOURCE,
    { id, meta: testRecordMeta(publicView) },
    // A missing or forbidden test is not worth three more tries before saying so.
    { retry: false },
  );
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
