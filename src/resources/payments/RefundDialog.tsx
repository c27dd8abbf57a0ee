import { useState, type FormEvent } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { useTranslate } from "react-admin";
import type { Payment, PaymentRefund } from "../../api/resources";
import { PasswordDialog } from "../../custom/testDetail/PasswordDialog";
import { formatMoney, toMajor, toMinor } from "../shared/money";

interface RefundDialogProps {
  payment: Payment;
  open: boolean;
  onClose: () => void;
  /** Runs after the password re-check; resolves true when the refund went through. */
  onRefund: (refund: PaymentRefund) => Promise<boolean>;
}

/**
 * Refund: amount (default: everything left) and reason, then the password re-check that guards
 * high-impact actions (spec §6), then POST /api/payments/{id}/refund.
 */
export function RefundDialog({ payment, open, onClose, onRefund }: RefundDialogProps) {
  const translate = useTranslate();
  const left = payment.amount - payment.refundedAmount;
  const [amount, setAmount] = useState(String(toMajor(left, payment.currency)));
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const max = formatMoney(left, payment.currency);

  const check = (event: FormEvent) => {
    event.preventDefault();
    const minor = toMinor(amount, payment.currency);
    const next: typeof errors = {};
    if (minor === null || minor <= 0 || minor > left)
      next.amount = translate("resources.payments.refund.amountInvalid", { max });
    if (!reason.trim()) next.reason = translate("resources.payments.refund.reasonRequired");
    setErrors(next);
    if (Object.keys(next).length === 0) setConfirming(true);
  };

  const refund = async () => {
    setConfirming(false);
    const minor = toMinor(amount, payment.currency) ?? left;
    const done = await onRefund({
      version: payment.version,
      reason: reason.trim(),
      ...(minor === left ? {} : { amount: minor }),
    });
    if (done) onClose();
  };

  return (
    <>
      <Dialog open={open && !confirming} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="refund-title">
        <form onSubmit={check} noValidate>
          <DialogTitle id="refund-title">
            {translate("resources.payments.refund.title", { invoice: payment.invoiceNumber })}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={1} sx={{ pt: 1 }}>
              <TextField
                label={translate("resources.payments.refund.amount", { currency: payment.currency })}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                inputMode="decimal"
                error={Boolean(errors.amount)}
                helperText={errors.amount ?? translate("resources.payments.refund.amountHelp", { max })}
              />
              <TextField
                label={translate("resources.payments.refund.reason")}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                multiline
                minRows={2}
                error={Boolean(errors.reason)}
                helperText={errors.reason ?? " "}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate("resources.shared.cancel")}</Button>
            <Button type="submit" variant="contained" color="error">
              {translate("resources.payments.refund.continue")}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <PasswordDialog open={open && confirming} onCancel={() => setConfirming(false)} onConfirmed={refund} />
    </>
  );
}
