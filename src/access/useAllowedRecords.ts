import { useQuery } from "@tanstack/react-query";
import { useAuthProvider, type RaRecord } from "react-admin";

/**
 * The records of a list that authProvider.canAccess allows an action on (a bulk action's targets,
 * the roles a user may be given), in the list's order; undefined until the answers are in. One
 * query for the list, cached under "auth" like react-admin's own access answers.
 */
export function useAllowedRecords<T extends RaRecord>(resource: string, action: string, records: readonly T[]) {
  const authProvider = useAuthProvider();
  const { data } = useQuery<T[]>({
    queryKey: ["auth", "canAccessEach", resource, action, records],
    // A changed selection keeps the last answer until the new one is in.
    placeholderData: (previous: T[] | undefined) => previous,
    queryFn: async ({ signal }) => {
      const answers = await Promise.all(
        records.map((record) => authProvider?.canAccess?.({ resource, action, record, signal }) ?? true),
      );
      return records.filter((_, index) => answers[index]);
    },
  });
  return data;
}
