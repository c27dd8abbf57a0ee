import { Alert, AlertTitle, Button } from "@mui/material";
import { Link } from "react-router-dom";
import { useCanAccess, useTranslate } from "react-admin";
import { NEW_SUBSCRIPTION_PATH } from "../startup/subscription";

/**
 * The grace period's banner (spec §4: 21 days of restricted access after a cancelation), at the
 * top of every signed-in screen while it lasts: the service's message (the days left and the date),
 * and the way out — Start a new subscription for those who may pay (Admins), who else to ask for
 * the others. Not dismissible: every change the account tries is refused until it pays.
 */
export function GraceBanner({ message }: { message: string }) {
  const translate = useTranslate();
  const { canAccess: mayStart, isPending } = useCanAccess({ resource: "new-subscription", action: "start" });
  return (
    <Alert
      severity="warning"
      variant="outlined"
      sx={{ mt: 2, alignItems: "center", "& .MuiAlert-action": { pt: 0 } }}
      action={
        mayStart ? (
          <Button
            component={Link}
            to={NEW_SUBSCRIPTION_PATH}
            variant="contained"
            color="warning"
            size="small"
            sx={{ whiteSpace: "nowrap" }}
          >
            {translate("subscription.grace.start")}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{translate("subscription.grace.title")}</AlertTitle>
      {message}
      {!isPending && !mayStart && ` ${translate("subscription.grace.askAdmin")}`}
    </Alert>
  );
}
