import { Box, Link as MuiLink, Stack } from "@mui/material";
import { RecordContextProvider, ResourceContextProvider, useGetOne, useTranslate } from "react-admin";
import { Link, useParams } from "react-router-dom";
import type { Subscription } from "../../api/resources";
import { PaymentTable } from "../payments/PaymentTable";
import { PageHeader } from "../shared/PageHeader";
import { paths } from "../shared/paths";
import { DetailSkeleton, RECORD_QUERY_OPTIONS, RecordError } from "../shared/RecordState";
import { Section } from "../shared/Section";
import { SubscriptionActions, SubscriptionSummary } from "./SubscriptionCard";

/** /subscription/:subscriptionId (spec §2: super admin): a subscription and its payments. */
export default function SubscriptionShowPage() {
  const { subscriptionId = "" } = useParams();
  const translate = useTranslate();
  const {
    data: subscription,
    isPending,
    error,
  } = useGetOne<Subscription>("subscriptions", { id: subscriptionId }, RECORD_QUERY_OPTIONS);
  if (isPending) return <DetailSkeleton />;
  if (error || !subscription) return <RecordError error={error} />;
  return (
    <ResourceContextProvider value="subscriptions">
      <RecordContextProvider value={subscription}>
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
      </RecordContextProvider>
    </ResourceContextProvider>
  );
}
