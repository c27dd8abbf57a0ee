import { useRef, useState, type ReactNode } from "react";
import { Box, Grid, Skeleton, Stack } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { Form, useDataProvider, useNotify, useTranslate } from "react-admin";
import type { Plan } from "../../api/plans";
import type { SubscriptionStatusResponse } from "../../api/types";
import { useCurrentUser } from "../../authProvider/useCurrentUser";
import type { ConsoleDataProvider } from "../../dataProvider";
import { errorMessage } from "../errorMessage";
import { RetryAlert } from "../status/RetryAlert";
import { UnsavedChangesGuard } from "../../resources/shared/UnsavedChangesGuard";
import { SUBSCRIPTION_STATUS_KEY } from "../status/SubscriptionGate";
import { CardFields } from "./CardFields";
import { OrderSummary } from "./OrderSummary";
import { IntervalInput, PlanInput } from "./PlanChoice";
import {
  DEFAULT_VALUES,
  checkoutRefusalsOf,
  newAttemptKey,
  toStartRequest,
  unappliedCode,
  type SubscriptionFormValues,
} from "./subscriptionForm";

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/** The plans of the chosen interval, as the form's plan input. */
function Plans({ plans }: { plans: Plan[] }) {
  const interval = useWatch<SubscriptionFormValues, "interval">({ name: "interval" });
  return <PlanInput plans={plans} interval={interval} />;
}

/**
 * An Admin's form: plan, billing, code, card, Pay. Each attempt carries its own key, so a retry of
 * an unanswered attempt is never charged twice; once the service has answered (paid, refused), the
 * next attempt is a new one. On success the subscription status is the service's answer at once
 * (the inactive redirect lets the admin in, a past-due warning goes), then `onPaid`.
 */
function SubscribeForm({
  plans,
  testMode,
  onPaid,
  inForm,
}: {
  plans: Plan[];
  testMode: boolean;
  onPaid: () => void;
  inForm?: ReactNode;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const user = useCurrentUser();
  const attemptKey = useRef(newAttemptKey());
  // Not form input: the provider's last refusal, shown in place until the next attempt.
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (input: Record<string, unknown>) => {
    const values = input as unknown as SubscriptionFormValues;
    if (unappliedCode(values)) return { discountCode: translate("subscription.start.applyFirst") };
    try {
      const answer = await dataProvider.startSubscription(toStartRequest(values), attemptKey.current);
      queryClient.setQueryData<SubscriptionStatusResponse>(SUBSCRIPTION_STATUS_KEY(user?.id ?? null), answer.status);
      await queryClient.invalidateQueries({ queryKey: ["subscriptions"] });
      notify("subscription.start.started", { type: "success", messageArgs: { plan: answer.subscription.plan } });
      onPaid();
      return undefined;
    } catch (error) {
      const status = statusOf(error);
      // The service answered: whatever comes next is a new attempt. Without an answer (the
      // network), the same key goes again and the provider charges at most once.
      if (typeof status === "number") attemptKey.current = newAttemptKey();
      if (status === 402) {
        setRefusal(errorMessage(error));
        return undefined;
      }
      if (status === 409) {
        // Subscribed meanwhile (another tab, another admin): the console is open again.
        await queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_KEY(user?.id ?? null) });
        notify(errorMessage(error), { type: "info" });
        onPaid();
        return undefined;
      }
      const fields = checkoutRefusalsOf(error);
      if (fields) return fields;
      setRefusal(errorMessage(error, translate("app.errors.generic")));
      return undefined;
    }
  };

  return (
    // A new attempt (Pay, or Enter in a field) takes the last refusal away before the form's own
    // checks run: a card number then in error is not shown beside the old card's refusal.
    <Box onSubmitCapture={() => setRefusal(null)}>
      <Form defaultValues={DEFAULT_VALUES} onSubmit={submit} noValidate>
        {/* A dialog's own dismissal, or on the page, the browser's question before a reload loses the typing. */}
        {inForm ?? <UnsavedChangesGuard />}
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 8 }}>
            <IntervalInput />
            <Plans plans={plans} />
            <CardFields testMode={testMode} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <OrderSummary refusal={refusal} />
          </Grid>
        </Grid>
      </Form>
    </Box>
  );
}

/**
 * The plans from the service, then an Admin's form: on /new-subscription (an inactive account) and
 * in Payments' Pay now (a past-due one). Its own chunk: Payments loads it only when asked.
 * `inForm` goes inside the form: Pay now's dialog dismissal (useDialogDismissal).
 */
export default function SubscriptionCheckout({ onPaid, inForm }: { onPaid: () => void; inForm?: ReactNode }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const plans = useQuery({ queryKey: ["plans"], queryFn: ({ signal }) => dataProvider.getPlans(signal) });
  if (plans.data)
    return <SubscribeForm plans={plans.data.plans} testMode={plans.data.testMode} onPaid={onPaid} inForm={inForm} />;
  if (plans.isError)
    return (
      <RetryAlert retryLabel={translate("subscription.start.retry")} onRetry={plans.refetch}>
        {translate("subscription.start.plansFailed")}
      </RetryAlert>
    );
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2} aria-busy="true">
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} variant="rounded" height={280} sx={{ flex: 1 }} />
      ))}
    </Stack>
  );
}
