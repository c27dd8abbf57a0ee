import { useContext } from "react";
import { Alert, Box } from "@mui/material";
import { ShowContext, useTranslate } from "react-admin";
import type { ApiTest } from "../../api/tests";
import { TESTS_RESOURCE, testRecordMeta } from "../../dataProvider/testRecordsProvider";
import { RecordShow } from "../../resources/shared/RecordState";
import { TestDetailView } from "./TestDetailView";

/** A test that failed to load: the service's message in an error alert (spec §8), whatever its status. */
function TestLoadError() {
  const translate = useTranslate();
  const error = useContext(ShowContext)?.error;
  const message = error instanceof Error && error.message ? error.message : translate("testDetail.loadFailed");
  return (
    <Box sx={{ py: 2 }}>
      <Alert severity="error">{message}</Alert>
    </Box>
  );
}

/**
 * One test, as every record page loads its record (RecordShow: react-admin's ShowBase and getOne,
 * GET v3/tests/{id}, or the public one for a shared link's guest).
 */
export function TestDetail({ publicView }: { publicView: boolean }) {
  return (
    <RecordShow<ApiTest>
      resource={TESTS_RESOURCE}
      meta={testRecordMeta(publicView)}
      guest={publicView}
      error={<TestLoadError />}
    >
      {(test) => <TestDetailView test={test} publicView={publicView} />}
    </RecordShow>
  );
}

/** /gallery/item/:id */
export default function TestDetailPage() {
  return <TestDetail publicView={false} />;
}
