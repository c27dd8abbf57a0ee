import { Box, LinearProgress, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useDataProvider, useTranslate } from "react-admin";
import type { Account } from "../../api/resources";
import { formatBytes } from "../../api/storage";
import { useCanAccessRecord } from "../../access/useCanAccessRecord";
import type { ConsoleDataProvider } from "../../dataProvider";

/** From this share of the quota on, the bar warns; at the quota it is an error. */
const WARN_AT = 0.9;

/**
 * "Storage 1.2 GB of 5 GB" with a bar, on an account's page (docs/api.md "Storage quota"): for
 * those the service shows it to (super admins, the account's admins). Nothing while it loads, and
 * nothing when the service has no such route (404) or fails: it is a detail of the page.
 */
export function AccountStorageLine({ account }: { account: Account }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { canAccess } = useCanAccessRecord({ resource: "accounts", action: "storage", record: account });
  const { data } = useQuery({
    queryKey: ["account-storage", account.id],
    queryFn: ({ signal }) => dataProvider.getAccountStorage(account.id, signal),
    enabled: canAccess === true,
    retry: false,
  });
  if (!canAccess || !data) return null;
  const share = data.quota > 0 ? data.used / data.quota : 1;
  const usage = translate("resources.accounts.storage.usage", {
    used: formatBytes(data.used),
    quota: formatBytes(data.quota),
  });
  return (
    <Box component="section" aria-labelledby="account-storage-label" sx={{ mb: 2 }} data-testid="account-storage">
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 0.5, sm: 2 }} alignItems={{ sm: "center" }}>
        <Typography id="account-storage-label" variant="subtitle2" component="h2">
          {translate("resources.accounts.storage.label")}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, share * 100)}
          color={share >= 1 ? "error" : share >= WARN_AT ? "warning" : "primary"}
          aria-label={translate("resources.accounts.storage.label")}
          aria-valuetext={usage}
          sx={{ flex: { sm: "0 1 240px" }, height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2">{usage}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate("resources.accounts.storage.parts", {
            tests: formatBytes(data.tests),
            downloads: formatBytes(data.downloads),
            avatars: formatBytes(data.avatars),
          })}
        </Typography>
      </Stack>
    </Box>
  );
}
