import { TextInput, useTranslate, type Validator } from "react-admin";
import type { Payment, PaymentRefund } from "../../api/resources";
import { ActionFormDialog } from "../shared/ActionFormDialog";
import { SubmitButton } from "../shared/ConfirmButton";
import { formatMoney, toMajor, toMinor } from "../shared/money";
import { usePasswordRecheck } from "../shared/usePasswordRecheck";
import { useRecordAction } from "../shared/useRecordAction";

interface RefundDialogProps {
  payment: Payment;
  open: boolean;
  onClose: () => void;
}

const reasonRequired: Validator = (value) =>
  String(value ?? "").trim() ? undefined : "resources.payments.refund.reasonRequired";

/**
 * Refund: amount (default: everything left) and reason, then the password re-check that guards
 * high-impact actions (spec §6), then POST /api/payments/{id}/refund. The form stays mounted
 * (hidden) during the re-check, so a cancelled check or a failed refund finds it as typed; a 409
 * reloads the payment, and an untouched amount follows what is left to refund.
 */
export function RefundDialog({ payment, open, onClose }: RefundDialogProps) {
  const translate = useTranslate();
  // The password re-check's dialog replaces the refund's while it is open.
  const { confirm, dialog, asking } = usePasswordRecheck("resources.payments.refund.password");
  const left = payment.amount - payment.refundedAmount;
  const max = formatMoney(left, payment.currency);
  const refund = useRecordAction<PaymentRefund, Payment>({
    resource: "payments",
    action: (dataProvider, body) => dataProvider.refundPayment(payment.id, body),
    success: "resources.payments.refund.done",
    successArgs: (body) => ({ amount: formatMoney(body.amount ?? left, payment.currency) }),
    fields: ["amount", "reason"],
    onSuccess: onClose,
  });

  const amountInRange: Validator = (value) => {
    const minor = toMinor(String(value ?? ""), payment.currency);
    return minor === null || minor <= 0 || minor > left
      ? { message: "resources.payments.refund.amountInvalid", args: { max } }
      : undefined;
  };

  const submit = async (values: Record<string, unknown>) => {
    const minor = toMinor(String(values.amount ?? ""), payment.currency) ?? left;
    // The password step says the amount again: the last look before money leaves.
    if (!(await confirm({ amount: formatMoney(minor, payment.currency) }))) return undefined;
    return refund.submit({
      version: payment.version,
      reason: String(values.reason ?? "").trim(),
      ...(minor === left ? {} : { amount: minor }),
    });
  };

  return (
    <>
      <ActionFormDialog
        open={open && !asking}
        onClose={onClose}
        keepMounted
        titleId="refund-title"
        title={translate("resources.payments.refund.title", { invoice: payment.invoiceNumber })}
        resource="payments"
        record={{ id: payment.id, amount: String(toMajor(left, payment.currency)), reason: "" }}
        onSubmit={submit}
        saveButton={<SubmitButton label="resources.payments.refund.continue" icon={null} color="error" />}
      >
        <TextInput
          source="amount"
          label={translate("resources.payments.refund.amount", { currency: payment.currency })}
          validate={amountInRange}
          helperText={translate("resources.payments.refund.amountHelp", { max })}
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
          fullWidth
        />
        <TextInput
          source="reason"
          label="resources.payments.refund.reason"
          validate={reasonRequired}
          multiline
          minRows={2}
          fullWidth
        />
      </ActionFormDialog>
      {open && dialog}
    </>
  );
}
