import { lazy, Suspense, useState } from "react";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useCanAccess, useTranslate } from "react-admin";
import { useSubscriptionStatus } from "../../custom/status/SubscriptionGate";
import { useDialogDismissal } from "../shared/dialogDismissal";

// The plans and the card form load only when an Admin chooses to pay.
const SubscriptionCheckout = lazy(() => import("../../custom/newSubscription/SubscriptionCheckout"));

/**
 * Where the Subscription Warning's "Go To Payments" leads (spec §4): while the subscription is
 * past due, the service's message and, for Admins, Pay now — the subscription form in a dialog.
 * Once paid the account is active: the notice goes and the payments list shows the payment.
 */
export function PastDueNotice() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  const { data } = useSubscriptionStatus();
  const { canAccess: mayPay } = useCanAccess({ resource: "new-subscription", action: "start" });
  // A card half typed is kept as any form's dialog keeps it: a click beside it is ignored, Escape
  // asks. A refused payment saved nothing (the card is still typed); a paid one closes the dialog.
  const { onDialogClose, inForm, question } = useDialogDismissal(() => setPaying(false), { submitSaves: false });
  if (data?.status !== "past_due") return null;

  const paid = () => {
    setPaying(false);
    void queryClient.invalidateQueries({ queryKey: ["payments"] });
  };
  return (
    <>
      <Alert
        severity="warning"
        sx={{ mb: 2 }}
        action={
          mayPay ? (
            <Button color="inherit" variant="outlined" size="small" onClick={() => setPaying(true)}>
              {translate("subscription.payNow")}
            </Button>
          ) : undefined
        }
      >
        {data.message}
      </Alert>
      <Dialog open={paying} onClose={onDialogClose} maxWidth="lg" fullWidth aria-labelledby="renew-title">
        <DialogTitle id="renew-title">{translate("subscription.renewTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate("subscription.renewBody")}</DialogContentText>
          <Suspense fallback={<LinearProgress aria-label={translate("subscription.renewTitle")} />}>
            <SubscriptionCheckout onPaid={paid} inForm={inForm} />
          </Suspense>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPaying(false)}>{translate("ra.action.cancel")}</Button>
        </DialogActions>
      </Dialog>
      {question}
    </>
  );
}
