import { Box, Stack, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { PageHeader } from "../shared/PageHeader";
import { Section } from "../shared/Section";
import { BoxTypeSettingsSection } from "./BoxTypeSettingsSection";
import { ForcedResetForm } from "./ForcedResetForm";
import { PendingResets, PickedUpResets } from "./ForcedResetLists";
import { usePasswordRecheck } from "../shared/usePasswordRecheck";

/**
 * /advanced-settings (spec §2, super admins; §6's change log): settings per box type, and forced
 * resets per user, phone, phone model or OS version with the pending and picked-up ones. Every
 * change asks for the password first (one dialog for the page) and is recorded in the activity
 * log by the service.
 */
export default function AdvancedSettingsPage() {
  const translate = useTranslate();
  const { confirm, dialog } = usePasswordRecheck("advancedSettings.password");
  return (
    <Box sx={{ py: 2 }}>
      <PageHeader title={translate("screens.advancedSettings")} subtitle={translate("advancedSettings.subtitle")} />
      <Stack spacing={3}>
        <BoxTypeSettingsSection confirm={confirm} />
        <Section title={translate("advancedSettings.resets.title")}>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {translate("advancedSettings.resets.intro")}
          </Typography>
          <ForcedResetForm confirm={confirm} />
        </Section>
        <Section title={translate("advancedSettings.resets.pending")}>
          <PendingResets confirm={confirm} />
        </Section>
        <Section title={translate("advancedSettings.resets.pickedUp")}>
          <PickedUpResets />
        </Section>
      </Stack>
      {dialog}
    </Box>
  );
}
