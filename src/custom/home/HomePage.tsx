/**
 * Home (spec §2, everyone): a dashboard of the figures the signed-in role may see, from one call
 * (GET dashboard, docs/api.md "Home dashboard") — every account's for super admins, their account's
 * for admins and managers, their own latest tests for users. Each figure opens the list behind it.
 */
import { Box, Skeleton, Stack } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useDataProvider, useTranslate } from "react-admin";
import { useCurrentUser } from "../../authProvider/useCurrentUser";
import type { ConsoleDataProvider } from "../../dataProvider";
import { PageHeader } from "../../resources/shared/PageHeader";
import { errorMessage } from "../errorMessage";
import { AccountDashboard, SuperAdminDashboard } from "./RoleDashboards";
import { LatestTests } from "./LatestTests";
import { RetryAlert } from "../status/RetryAlert";

export default function HomePage() {
  const translate = useTranslate();
  const user = useCurrentUser();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const query = useQuery({
    queryKey: ["dashboard"],
    queryFn: ({ signal }) => dataProvider.getDashboard(signal),
    retry: false,
  });
  const scope = query.data?.scope ?? (user?.role === "SuperAdmin" ? "all" : user?.role === "User" ? "own" : "account");
  return (
    <Box sx={{ py: 2, maxWidth: 1400 }}>
      <PageHeader
        title={translate("home.greeting", { name: user?.firstName ?? "" })}
        subtitle={translate(`home.subtitles.${scope}`, { role: user?.role ? translate(`roles.${user.role}`) : "" })}
      />
      {query.isPending ? (
        <DashboardSkeleton own={scope === "own"} />
      ) : query.error ? (
        <RetryAlert retryLabel={translate("home.retry")} onRetry={query.refetch}>
          {translate("home.error", { message: errorMessage(query.error) })}
        </RetryAlert>
      ) : query.data.scope === "all" ? (
        <SuperAdminDashboard dashboard={query.data} />
      ) : query.data.scope === "account" ? (
        <AccountDashboard dashboard={query.data} />
      ) : (
        <LatestTests tests={query.data.latestTests ?? []} />
      )}
    </Box>
  );
}

/** The dashboard's outline while its figures load: figure cards, then a wide and a narrow card. */
function DashboardSkeleton({ own }: { own: boolean }) {
  const grid = (columns: object) => ({ display: "grid", gap: 2, gridTemplateColumns: columns });
  return (
    <Stack spacing={2} data-testid="dashboard-loading">
      {own ? (
        <Box sx={grid({ xs: "repeat(2, 1fr)", md: "repeat(3, 1fr)", lg: "repeat(6, 1fr)" })}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={220} />
          ))}
        </Box>
      ) : (
        <>
          <Box sx={grid({ xs: "repeat(2, 1fr)", md: "repeat(4, 1fr)" })}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={104} />
            ))}
          </Box>
          <Box sx={grid({ xs: "1fr", md: "2fr 1fr" })}>
            <Skeleton variant="rounded" height={340} />
            <Skeleton variant="rounded" height={340} />
          </Box>
        </>
      )}
    </Stack>
  );
}
