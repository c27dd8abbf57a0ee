import { Box, Grid, Skeleton } from "@mui/material";
import { useTranslate } from "react-admin";
import { useCurrentUser } from "../../authProvider/useCurrentUser";
import { PageHeader } from "../../resources/shared/PageHeader";
import { PasswordSection } from "./PasswordSection";
import { EmailSection, InterfaceSection } from "./PreferenceSections";
import { ProfileSection } from "./ProfileSection";
import { usePreferencesQuery } from "./preferences";
import { RetryAlert } from "../status/RetryAlert";

/**
 * /user-settings (spec §2: everyone; the profile menu's Settings): profile (avatar and name),
 * password, interface preferences and email notifications. Preferences are the user's on the
 * service, so they follow them to every device they sign in from.
 */
export default function UserSettingsPage() {
  const translate = useTranslate();
  const user = useCurrentUser();
  const { data: preferences, isError, refetch } = usePreferencesQuery();
  if (!user) return null;

  const waiting = isError ? (
    <RetryAlert retryLabel={translate("userSettings.retry")} onRetry={refetch}>
      {translate("userSettings.loadFailed")}
    </RetryAlert>
  ) : (
    <Skeleton variant="rounded" height={220} />
  );

  return (
    <Box sx={{ py: 2 }}>
      <PageHeader title={translate("screens.userSettings")} subtitle={translate("userSettings.subtitle")} />
      <Grid container spacing={2}>
        <Grid size={12}>
          <ProfileSection user={user} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PasswordSection />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>{preferences ? <InterfaceSection preferences={preferences} /> : waiting}</Grid>
        <Grid size={12}>
          {preferences && <EmailSection preferences={preferences} role={user.role} email={user.email} />}
        </Grid>
      </Grid>
    </Box>
  );
}
