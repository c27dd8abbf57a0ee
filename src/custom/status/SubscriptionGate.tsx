import { useEffect, useState } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useLocation, useNavigate } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { useDataProvider, useTranslate } from "react-admin";
import type { SubscriptionStatusResponse } from "../../api/types";
import type { ConsoleDataProvider } from "../../dataProvider";
import { withDisplayDates } from "../format";
import { endEarlyRows } from "../startup/earlyRows";
import { decideSubscription, isSentToNewSubscription, NEW_SUBSCRIPTION_PATH } from "../startup/subscription";
import { useCurrentUser } from "../../authProvider/useCurrentUser";
import { GraceBanner } from "./GraceBanner";

/** The subscription status's query, shared with /new-subscription (which sets it once paid). */
export const SUBSCRIPTION_STATUS_KEY = (userId: string | null) => ["subscription-status", userId] as const;

/** The status as people read it: the service's message with its ISO dates as spec §9 writes dates. */
const readableStatus = (answer: SubscriptionStatusResponse | null) =>
  answer && { ...answer, message: withDisplayDates(answer.message) };

/**
 * The signed-in user's subscription status (GET v2/payments/subscription): one fetch and one cache
 * for the gate, /new-subscription and Payments' past-due notice, each showing its message.
 */
export function useSubscriptionStatus() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const userId = useCurrentUser()?.id ?? null;
  return useQuery({
    queryKey: SUBSCRIPTION_STATUS_KEY(userId),
    queryFn: () => dataProvider.getSubscription(),
    enabled: userId !== null,
    staleTime: 5 * 60 * 1000,
    select: readableStatus,
  });
}

/**
 * Whether the signed-in user's screens are only /new-subscription (an inactive subscription): the
 * sidebar and the command palette then offer it alone.
 */
export function useSentToNewSubscription(): boolean {
  const user = useCurrentUser();
  const subscription = useSubscriptionStatus();
  return isSentToNewSubscription({
    status: subscription.data?.status,
    readOnlyUntil: subscription.data?.readOnlyUntil,
    role: user?.role,
    signedIn: user !== undefined,
  });
}

/**
 * Spec §4: past_due opens the Subscription Warning dialog with the server's message (once per
 * sign-in); inactive sends non-super-admins to /new-subscription on every path change, unless the
 * service says the account is in its grace period (readOnlyUntil): then the grace banner shows at
 * the top of the content instead. Rendered above the screens, where the banner belongs.
 */
export function SubscriptionGate() {
  const translate = useTranslate();
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);

  const { data } = useSubscriptionStatus();

  const decision = decideSubscription({
    status: data?.status,
    readOnlyUntil: data?.readOnlyUntil,
    role: user?.role ?? null,
    pathname,
    signedIn: userId !== null,
  });

  useEffect(() => {
    // A dialog, a banner or another page: not the rows drawn early (custom/startup/earlyRows).
    if (decision !== "none") endEarlyRows();
    if (decision === "redirect") navigate(NEW_SUBSCRIPTION_PATH, { replace: true });
  }, [decision, navigate]);

  const open = decision === "warn" && dismissedFor !== userId;
  const close = () => setDismissedFor(userId);

  return (
    <>
      {decision === "readOnly" && <GraceBanner message={data?.message ?? ""} />}
      <Dialog open={open} onClose={close} aria-labelledby="subscription-warning-title">
        <DialogTitle id="subscription-warning-title">{translate("subscription.warningTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{data?.message}</DialogContentText>
        </DialogContent>
        <DialogActions>
          {user?.role === "Admin" && (
            <Button
              onClick={() => {
                close();
                navigate("/payments");
              }}
            >
              {translate("subscription.goToPayments")}
            </Button>
          )}
          <Button variant="contained" onClick={close} autoFocus>
            {translate("subscription.ok")}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
