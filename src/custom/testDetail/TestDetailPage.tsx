import { useContext } from "react";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import LoginIcon from "@mui/icons-material/Login";
import { ShowContext, useTranslate } from "react-admin";
import type { ApiTest } from "../../api/tests";
import { TESTS_RESOURCE, testRecordMeta } from "../../dataProvider/testRecordsProvider";
import { LoadFailedAlert, RecordShow } from "../../resources/shared/RecordState";
import { TestDetailView } from "./TestDetailView";

/**
 * A test that failed to load: the service's message in an error alert (spec §8), whatever its
 * status. Without an `error`, the error of the ShowBase it is in. Signed in, the alert offers the
 * way back to the gallery; a guest's dead shared link, the way to sign in (as the other guest pages'
 * dead links do).
 */
export function TestLoadError({ error: given, signedIn = false }: { error?: unknown; signedIn?: boolean }) {
  const translate = useTranslate();
  const context = useContext(ShowContext);
  const error = given ?? context?.error;
  const message = error instanceof Error && error.message ? error.message : translate("testDetail.loadFailed");
  return (
    <LoadFailedAlert
      severity="error"
      message={message}
      back={
        signedIn
          ? { to: "/gallery", label: translate("testDetail.backToGallery"), Icon: ArrowBackIcon }
          : { to: "/login", label: translate("guestForm.goToLogin"), Icon: LoginIcon }
      }
    />
  );
}

/**
 * /gallery/item/:id: one test, as every record page loads its record (RecordShow: react-admin's
 * ShowBase, canAccess tests/show, getOne GET v3/tests/{id}).
 */
export default function TestDetailPage() {
  return (
    <RecordShow<ApiTest> resource={TESTS_RESOURCE} meta={testRecordMeta(false)} error={<TestLoadError signedIn />}>
      {(test) => <TestDetailView test={test} publicView={false} />}
    </RecordShow>
  );
}
