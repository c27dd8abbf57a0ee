import { useParams } from "react-router-dom";
import { useGetOne } from "react-admin";
import type { ApiTest } from "../../api/tests";
import { TESTS_RESOURCE, testRecordMeta } from "../../dataProvider/testRecordsProvider";
import { DetailSkeleton, RECORD_QUERY_OPTIONS } from "../../resources/shared/RecordState";
import { TestLoadError } from "./TestDetailPage";
import { TestDetailView } from "./TestDetailView";

/**
 * /public/gallery/item/:id: the shared test, read-only, in the guest shell (spec §2). A public
 * page, like the bulk download's: its record comes from react-admin's getOne (GET
 * v3/tests/public/{id}, without the session), not from a show controller, which would ask a
 * guest to sign in.
 */
export default function PublicTestDetailPage() {
  const { id = "" } = useParams();
  const { data, error, isPending } = useGetOne<ApiTest>(
    TESTS_RESOURCE,
    { id, meta: testRecordMeta(true) },
    RECORD_QUERY_OPTIONS,
  );
  if (isPending) return <DetailSkeleton />;
  if (!data) return <TestLoadError error={error} />;
  return <TestDetailView test={data} publicView />;
}
