import { useQuery } from "@tanstack/react-query";
import { useDataProvider } from "react-admin";
import type { ConsoleDataProvider } from "../../dataProvider";

export const testQueryKey = (id: string, publicView: boolean) => ["test", publicView ? "public" : "private", id];

/** GET v3/tests/{id} (or the public one), cached per view. */
export function useTestQuery(id: string, publicView: boolean) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: testQueryKey(id, publicView),
    queryFn: ({ signal }) => dataProvider.getTest(id, { publicView, signal }),
    retry: false,
  });
}
