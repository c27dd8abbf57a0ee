import { TestDetail } from "./TestDetailPage";

/** /public/gallery/item/:id: the shared test, read-only, in the guest shell (spec §2). */
export default function PublicTestDetailPage() {
  return <TestDetail publicView />;
}
