import { Alert, Box, Stack, Typography } from "@mui/material";
import CancelIcon from "@mui/icons-material/EventBusyOutlined";
import ReplayIcon from "@mui/icons-material/Replay";
import { useGetList, useTranslate } from "react-admin";
import type { Subscription } from "../../api/resources";
import { periodEndAhead } from "../../api/rules";
import { formatDate } from "../../custom/format";
import { ConfirmedActionButton } from "../shared/ConfirmedActionButton";
import { DateTimeText, FieldGrid, yesNoKey } from "../shared/fields";
import { formatMoney } from "../shared/money";
import { Section } from "../shared/Section";
import { StatusChip } from "../shared/StatusChip";
import { useCanAccessRecord } from "../../access/useCanAccessRecord";

const SUBSCRIPTIONS = "subscriptions";
/** An account's page shows its subscription status too. */
const ALSO_CHANGES = ["accounts"];

/** Cancel at period end, or undo it: the subscription actions (admin of the account, super admin). */
export function SubscriptionActions({ subscription }: { subscription: Subscription }) {
  const translate = useTranslate();
  // Which subscription, in each action's name: the list shows one button per row, and the list's
  // column of the same words is a state ("Cancels at period end").
  const which = { plan: subscription.plan, account: subscription.accountName };
  const { canAccess: mayCancel } = useCanAccessRecord({
    resource: SUBSCRIPTIONS,
    action: "cancel",
    record: subscription,
  });
  const { canAccess: mayResume } = useCanAccessRecord({
    resource: SUBSCRIPTIONS,
    action: "resume",
    record: subscription,
  });
  const end = formatDate(subscription.currentPeriodEnd);
  if (mayCancel) {
    return (
      <ConfirmedActionButton
        resource={SUBSCRIPTIONS}
        alsoChanges={ALSO_CHANGES}
        action={(dataProvider) => dataProvider.cancelSubscription(subscription.id, subscription.version)}
        success="resources.subscriptions.cancel.done"
        successArgs={() => ({ date: end })}
        write="POST /api/subscriptions/{id}/cancel"
        label="resources.subscriptions.cancel.button"
        accessibleName={translate("resources.subscriptions.cancel.name", which)}
        icon={<CancelIcon />}
        color="error"
        title="resources.subscriptions.cancel.title"
        content="resources.subscriptions.cancel.body"
        translateOptions={{ date: end }}
      />
    );
  }
  if (mayResume) {
    return (
      <ConfirmedActionButton
        resource={SUBSCRIPTIONS}
        alsoChanges={ALSO_CHANGES}
        action={(dataProvider) => dataProvider.resumeSubscription(subscription.id, subscription.version)}
        success="resources.subscriptions.resume.done"
        write="POST /api/subscriptions/{id}/resume"
        label="resources.subscriptions.resume.button"
        accessibleName={translate("resources.subscriptions.resume.name", which)}
        icon={<ReplayIcon />}
        title="resources.subscriptions.resume.title"
        content="resources.subscriptions.resume.body"
        translateOptions={{ date: end, price: formatMoney(subscription.price, subscription.currency) }}
        dialog={{ confirm: "resources.subscriptions.resume.button", cancel: "resources.subscriptions.resume.letEnd" }}
      />
    );
  }
  return null;
}

/** Price per interval: "$49.00 / Monthly". */
export function usePriceLabel() {
  const translate = useTranslate();
  return (subscription: Subscription) =>
    translate("resources.subscriptions.perInterval", {
      price: formatMoney(subscription.price, subscription.currency),
      interval: translate(`resources.subscriptions.intervals.${subscription.interval}`),
    });
}

/** A subscription's facts and its state in words (renews on / ends on / grace period). */
export function SubscriptionSummary({ subscription }: { subscription: Subscription }) {
  const translate = useTranslate();
  const priceLabel = usePriceLabel();
  const label = (field: string) => translate(`resources.subscriptions.fields.${field}`);
  const end = formatDate(subscription.currentPeriodEnd);
  const standing = subscription.cancelAtPeriodEnd
    ? "endsOn"
    : subscription.status === "past_due" && !periodEndAhead(subscription)
      ? "unpaidSince"
      : "renewsOn";
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="h5" component="p">
          {subscription.plan}
        </Typography>
        <StatusChip status={subscription.status} words="subscriptionStatus" />
        <Typography color="text.secondary">{priceLabel(subscription)}</Typography>
      </Stack>
      {subscription.status === "canceled" && subscription.graceEndsAt && (
        <Alert severity="error">
          {label("graceEndsAt")}: <DateTimeText value={subscription.graceEndsAt} dateOnly />
        </Alert>
      )}
      {subscription.status !== "canceled" && subscription.status !== "inactive" && (
        <Alert severity={standing === "renewsOn" ? "info" : "warning"}>
          {translate(`resources.subscriptions.${standing}`, { date: end })}
        </Alert>
      )}
      <FieldGrid
        items={[
          {
            label: label("currentPeriodStart"),
            value: <DateTimeText value={subscription.currentPeriodStart} dateOnly />,
          },
          { label: label("currentPeriodEnd"), value: <DateTimeText value={subscription.currentPeriodEnd} dateOnly /> },
          {
            label: label("cancelAtPeriodEnd"),
            value: translate(yesNoKey(subscription.cancelAtPeriodEnd)),
          },
          {
            label: label("canceledAt"),
            value: subscription.canceledAt && <DateTimeText value={subscription.canceledAt} />,
          },
        ]}
      />
    </Stack>
  );
}

/** The subscription tab of an account's page. */
export function AccountSubscription({ accountId }: { accountId: string }) {
  const translate = useTranslate();
  const { data, isPending } = useGetList<Subscription>("subscriptions", {
    filter: { accountId },
    sort: { field: "currentPeriodEnd", order: "DESC" },
    pagination: { page: 1, perPage: 1 },
  });
  const subscription = data?.[0];
  return (
    <Section
      title={translate("resources.accounts.tabs.subscription")}
      actions={subscription && <SubscriptionActions subscription={subscription} />}
    >
      {isPending ? null : subscription ? (
        <SubscriptionSummary subscription={subscription} />
      ) : (
        <Box sx={{ color: "text.secondary" }}>{translate("resources.accounts.noSubscription")}</Box>
      )}
    </Section>
  );
}
