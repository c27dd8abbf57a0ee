import { useRef, useState } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import { Form, TextInput, useTranslate, type Validator } from "react-admin";
import type { Payment, PaymentRefund } from "../../api/resources";
import { PasswordDialog } from "../../custom/testDetail/PasswordDialog";
import { SubmitButton } from "../shared/ConfirmButton";
import { formatMoney, toMajor, toMinor } from "../shared/money";
import { useRecordAction } from "../shared/useRecordAction";
import { KEEP_EDITS } from "../shared/concurrency";

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
  const [confirming, setConfirming] = useState(false);
  // Settles the submit waiting on the password re-check: true once the password is confirmed.
  const passwordChecked = useRef<((confirmed: boolean) => void) | null>(null);
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

  const askPassword = () =>
    new Promise<boolean>((resolve) => {
      passwordChecked.current = resolve;
      setConfirming(true);
    });
  const passwordDone = (confirmed: boolean) => {
    setConfirming(false);
    passwordChecked.current?.(confirmed);
    passwordChecked.current = null;
  };

  const submit = async (values: Record<string, unknown>) => {
    if (!(await askPassword())) return undefined;
    const minor = toMinor(String(values.amount ?? ""), payment.currency) ?? left;
    return refund.submit({
      version: payment.version,
      reason: String(values.reason ?? "").trim(),
      ...(minor === left ? {} : { amount: minor }),
    });
  };

  return (
    <>
      <Dialog
        open={open && !confirming}
        onClose={onClose}
        keepMounted
        fullWidth
        maxWidth="xs"
        aria-labelledby="refund-title"
      >
        <Form
          resource="payments"
          record={{ id: payment.id, amount: String(toMajor(left, payment.currency)), reason: "" }}
          resetOptions={KEEP_EDITS}
          onSubmit={submit}
          noValidate
        >
          <DialogTitle id="refund-title">
            {translate("resources.payments.refund.title", { invoice: payment.invoiceNumber })}
          </DialogTitle>
          <DialogContent>
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
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate("resources.shared.cancel")}</Button>
            <SubmitButton label="resources.payments.refund.continue" icon={null} color="error" />
          </DialogActions>
        </Form>
      </Dialog>
      <PasswordDialog
        open={open && confirming}
        onCancel={() => passwordDone(false)}
        onConfirmed={() => passwordDone(true)}
      />
    </>
  );
}
