import { Box, Link as MuiLink, Stack } from "@mui/material";
import { useTranslate } from "react-admin";
import { Link } from "react-router-dom";
import type { Subscription } from "../../api/resources";
import { PaymentTable } from "../payments/PaymentTable";
import { PageHeader } from "../shared/PageHeader";
import { paths } from "../shared/paths";
import { RecordShow } from "../shared/RecordState";
import { Section } from "../shared/Section";
import { SubscriptionActions, SubscriptionSummary } from "./SubscriptionCard";

/** /subscription/:subscriptionId (spec §2: super admin): a subscription and its payments. */
export default function SubscriptionShowPage() {
  return (
    <RecordShow<Subscription> resource="subscriptions">
      {(subscription) => <SubscriptionView subscription={subscription} />}
    </RecordShow>
  );
}

function SubscriptionView({ subscription }: { subscription: Subscription }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <PageHeader
        title={`${translate("screens.subscription")} · ${subscription.plan}`}
        subtitle={
          <MuiLink component={Link} to={paths.account(subscription.accountId)}>
            {subscription.accountName}
          </MuiLink>
        }
        actions={<SubscriptionActions subscription={subscription} />}
      />
      <Stack spacing={2}>
        <Section title={translate("resources.subscriptions.details")}>
          <SubscriptionSummary subscription={subscription} />
        </Section>
        <Section title={translate("resources.subscriptions.payments")}>
          <PaymentTable target="subscriptionId" />
        </Section>
      </Stack>
    </Box>
  );
}
