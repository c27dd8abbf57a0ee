import { useState } from "react";
import { Box, Button, Stack, Typography } from "@mui/material";
import UndoIcon from "@mui/icons-material/Undo";
import { useCanAccess, useReference, useTranslate } from "react-admin";
import type { Payment, Subscription } from "../../api/resources";
import { DateTimeText, FieldGrid, MoneyText, placeItems, RecordLink } from "../shared/fields";
import { PageHeader } from "../shared/PageHeader";
import { paths } from "../shared/paths";
import { RecordShow } from "../shared/RecordState";
import { Section } from "../shared/Section";
import { StatusChip } from "../shared/StatusChip";
import { RefundDialog } from "./RefundDialog";
import { useCanAccessRecord } from "../../access/useCanAccessRecord";

/** /payment/:paymentId (spec §2: super admin, admin): a payment; super admins refund it. */
export default function PaymentShowPage() {
  return <RecordShow<Payment> resource="payments">{(payment) => <PaymentView payment={payment} />}</RecordShow>;
}

/**
 * The payment's subscription by its plan and billing ("Professional · Monthly"), linked: to its page
 * for super admins, to Payments › Subscriptions for admins (spec §2: the page is super admins').
 */
function SubscriptionLink({ id }: { id: string }) {
  const translate = useTranslate();
  const { canAccess: mayOpen } = useCanAccess({ resource: "subscriptions", action: "show" });
  const { referenceRecord: subscription, isPending } = useReference<Subscription>({ reference: "subscriptions", id });
  if (isPending) return null;
  const name = subscription
    ? `${subscription.plan} · ${translate(`resources.subscriptions.intervals.${subscription.interval}`)}`
    : translate("resources.payments.openSubscription");
  return <RecordLink to={mayOpen ? paths.subscription(id) : paths.subscriptions}>{name}</RecordLink>;
}

function PaymentView({ payment }: { payment: Payment }) {
  const translate = useTranslate();
  const [refunding, setRefunding] = useState(false);
  const { canAccess: mayRefund } = useCanAccessRecord({ resource: "payments", action: "refund", record: payment });
  const label = (field: string) => translate(`resources.payments.fields.${field}`);

  return (
    <Box sx={{ py: 2 }}>
      <PageHeader
        title={`${translate("screens.payment")} ${payment.invoiceNumber}`}
        subtitle={
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 0.5 }}>
            <Typography variant="h6" component="span">
              <MoneyText amount={payment.amount} currency={payment.currency} />
            </Typography>
            <StatusChip status={payment.status} />
          </Stack>
        }
        actions={
          mayRefund && (
            <Button variant="outlined" color="error" startIcon={<UndoIcon />} onClick={() => setRefunding(true)}>
              {translate("resources.payments.refund.button")}
            </Button>
          )
        }
      />
      <Section title={translate("resources.payments.details")}>
        <FieldGrid
          items={[
            { label: label("date"), value: <DateTimeText value={payment.date} /> },
            { label: label("invoiceNumber"), value: payment.invoiceNumber },
            ...placeItems(label, payment),
            {
              label: label("subscriptionId"),
              value: payment.subscriptionId && <SubscriptionLink id={payment.subscriptionId} />,
            },
            {
              label: label("method"),
              value: [translate(`resources.payments.methods.${payment.method}`), payment.methodDetail]
                .filter(Boolean)
                .join(" · "),
            },
            { label: label("amount"), value: <MoneyText amount={payment.amount} currency={payment.currency} /> },
            {
              label: label("refundedAmount"),
              value: payment.refundedAmount > 0 && (
                <MoneyText amount={payment.refundedAmount} currency={payment.currency} />
              ),
            },
            { label: label("failureReason"), value: payment.failureReason },
          ]}
        />
      </Section>
      {refunding && <RefundDialog payment={payment} open={refunding} onClose={() => setRefunding(false)} />}
    </Box>
  );
}
