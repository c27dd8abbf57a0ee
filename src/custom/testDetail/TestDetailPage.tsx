import { useContext } from "react";
import { Alert, Box } from "@mui/material";
import { ShowContext, useTranslate } from "react-admin";
import type { ApiTest } from "../../api/tests";
import { TESTS_RESOURCE, testRecordMeta } from "../../dataProvider/testRecordsProvider";
import { RecordShow } from "../../resources/shared/RecordState";
import { TestDetailView } from "./TestDetailView";

/**
 * A test that failed to load: the service's message in an error alert (spec §8), whatever its
 * status. Without an `error`, the error of the ShowBase it is in.
 */
export function TestLoadError({ error: given }: { error?: unknown }) {
  const translate = useTranslate();
  const context = useContext(ShowContext);
  const error = given ?? context?.error;
  const message = error instanceof Error && error.message ? error.message : translate("testDetail.loadFailed");
  return (
    <Box sx={{ py: 2 }}>
      <Alert severity="error">{message}</Alert>
    </Box>
  );
}

/**
 * /gallery/item/:id: one test, as every record page loads its record (RecordShow: react-admin's
 * ShowBase, canAccess tests/show, getOne GET v3/tests/{id}).
 */
export default function TestDetailPage() {
  return (
    <RecordShow<ApiTest> resource={TESTS_RESOURCE} meta={testRecordMeta(false)} error={<TestLoadError />}>
      {(test) => <TestDetailView test={test} publicView={false} />}
    </RecordShow>
  );
}
