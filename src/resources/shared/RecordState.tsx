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
