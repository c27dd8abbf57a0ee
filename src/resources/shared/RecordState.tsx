import { Alert, Box, Skeleton, Stack } from "@mui/material";
import { useTranslate } from "react-admin";

/** While a detail page loads: the shape of a header and a card. */
export function DetailSkeleton() {
  return (
    <Stack spacing={2} sx={{ py: 2 }} aria-busy="true">
      <Skeleton variant="text" width="40%" height={48} />
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={240} />
    </Stack>
  );
}

/** A record that failed to load: not found (404/403) or another error with its message. */
export function RecordError({ error }: { error: unknown }) {
  const translate = useTranslate();
  const status = typeof error === "object" && error !== null ? (error as { status?: unknown }).status : undefined;
  const message =
    status === 404 || status === 403
      ? translate("resources.shared.notFound")
      : error instanceof Error && error.message
        ? error.message
        : translate("resources.shared.loadFailed");
  return (
    <Box sx={{ py: 2 }}>
      <Alert severity={status === 404 || status === 403 ? "info" : "error"}>{message}</Alert>
    </Box>
  );
}

const statusOf = (error: unknown): number | undefined => {
  const status = typeof error === "object" && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === "number" ? status : undefined;
};

/**
 * useGetOne options for a detail page: a 4xx (not found, not yours) is an answer, not a hiccup,
 * so it shows at once; network and 5xx failures are retried twice.
 */
export const RECORD_QUERY_OPTIONS = {
  retry: (failures: number, error: unknown) => {
    const status = statusOf(error);
    return (status === undefined || status >= 500) && failures < 2;
  },
};
