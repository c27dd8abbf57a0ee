import { useContext, type ComponentType, type ReactNode } from "react";
import { Alert, Box, Button, Skeleton, Stack, Typography } from "@mui/material";
import HomeIcon from "@mui/icons-material/Home";
import { Link } from "react-router-dom";
import { ShowBase, ShowContext, useTranslate, type RaRecord } from "react-admin";

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

const statusOf = (error: unknown): number | undefined => {
  const status = typeof error === "object" && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === "number" ? status : undefined;
};

/** A page that could not be shown: why, as its heading, and (when there is one) the way back, a link. */
export function LoadFailedAlert({
  severity,
  message,
  back,
}: {
  severity: "info" | "error";
  message: string;
  back?: { to: string; label: string; Icon: ComponentType };
}) {
  return (
    <Box sx={{ py: 2 }}>
      <Alert
        severity={severity}
        action={
          back && (
            <Button
              color="inherit"
              size="small"
              component={Link}
              to={back.to}
              startIcon={<back.Icon />}
              sx={{ whiteSpace: "nowrap" }}
            >
              {back.label}
            </Button>
          )
        }
      >
        {/* The page's heading: what could not be shown (a page without an h1 is one a screen reader
            cannot find its way into). */}
        <Typography component="h1" variant="body2" sx={{ font: "inherit" }}>
          {message}
        </Typography>
      </Alert>
    </Box>
  );
}

/** The ShowBase's record that failed to load: not found (404/403) or another error with its message. */
export function RecordError() {
  const translate = useTranslate();
  const error = useContext(ShowContext)?.error;
  const status = statusOf(error);
  const notFound = status === 404 || status === 403;
  const message = notFound
    ? translate("resources.shared.notFound")
    : error instanceof Error && error.message
      ? error.message
      : translate("resources.shared.loadFailed");
  // A record not found is a page not found (spec §2): the same way back home.
  return (
    <LoadFailedAlert
      severity={notFound ? "info" : "error"}
      message={message}
      back={notFound ? { to: "/", label: translate("notFound.home"), Icon: HomeIcon } : undefined}
    />
  );
}

/**
 * Query options for a detail page's record: a 4xx (not found, not yours) is an answer, not a
 * hiccup, so it shows at once; network and 5xx failures are retried twice. The page shows the
 * failure itself, so react-admin's own "item does not exist" toast and redirect are off.
 */
export const RECORD_QUERY_OPTIONS = {
  retry: (failures: number, error: unknown) => {
    const status = statusOf(error);
    return (status === undefined || status >= 500) && failures < 2;
  },
  onError: () => undefined,
};

interface RecordShowProps<T extends RaRecord> {
  resource: string;
  /** Default: the `:id` of the route, as react-admin reads it. */
  id?: string;
  /** Passed to the data provider's getOne (which of a resource's routes reads the record). */
  meta?: Record<string, unknown>;
  /** What a failed load shows; default RecordError. */
  error?: ReactNode;
  /** The page, once its record is in; ShowBase also puts it in the record context. */
  children: (record: T) => ReactNode;
}

/** A detail page's record through react-admin's ShowBase, with the console's skeleton and error block. */
export function RecordShow<T extends RaRecord>({
  resource,
  id,
  meta,
  error = <RecordError />,
  children,
}: RecordShowProps<T>) {
  return (
    <ShowBase<T>
      resource={resource}
      id={id}
      queryOptions={meta ? { ...RECORD_QUERY_OPTIONS, meta } : RECORD_QUERY_OPTIONS}
      loading={<DetailSkeleton />}
      error={error}
      render={({ record }) => (record ? children(record) : error)}
    />
  );
}
