import { Button } from "@mui/material";
import CardMembershipIcon from "@mui/icons-material/CardMembershipOutlined";
import { Link } from "react-router-dom";
import { useCanAccess, useTranslate } from "react-admin";
import { StatusPage } from "./StatusPage";

/** Spec §2, §4: where an inactive subscription sends everyone but super admins. */
export default function NewSubscriptionPage() {
  const translate = useTranslate();
  const { canAccess: canPay } = useCanAccess({ resource: "payments", action: "list" });
  return (
    <>
      <StatusPage
        icon={<CardMembershipIcon color="primary" sx={{ fontSize: 56 }} />}
        title={translate("subscription.newTitle")}
        body={
          canPay
            ? translate("subscription.newBody")
            : `${translate("subscription.newBody")} ${translate("subscription.newAdminHint")}`
        }
        actions={
          canPay ? (
            <Button variant="contained" component={Link} to="/payments?section=subscription">
              {translate("subscription.goToPayments")}
            </Button>
          ) : undefined
        }
      />
    </>
  );
}
