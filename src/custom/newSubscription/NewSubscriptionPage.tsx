import { Alert, Box, Link, List, ListItem, ListItemText, Typography } from "@mui/material";
import CardMembershipIcon from "@mui/icons-material/CardMembershipOutlined";
import { Navigate, useNavigate } from "react-router-dom";
import { useCanAccess, useTranslate } from "react-admin";
import { useCurrentUser } from "../../authProvider/useCurrentUser";
import { PageHeader } from "../../resources/shared/PageHeader";
import { PageLoader } from "../status/PageLoader";
import { StatusPage } from "../status/StatusPage";
import { useSubscriptionStatus } from "../status/SubscriptionGate";
import SubscriptionCheckout from "./SubscriptionCheckout";
import { pageFor } from "./subscriptionForm";

/** Whom to ask, when the service names the account's admins (ours beyond §7). */
function AdminContacts({ admins }: { admins: { name: string; email: string }[] }) {
  const translate = useTranslate();
  if (admins.length === 0) return null;
  return (
    <Box sx={{ textAlign: "left" }}>
      <Typography variant="body2" id="account-admins">
        {translate("subscription.newAdmins")}
      </Typography>
      <List dense aria-labelledby="account-admins">
        {admins.map((admin) => (
          <ListItem key={admin.email} disableGutters>
            <ListItemText primary={admin.name} secondary={<Link href={`mailto:${admin.email}`}>{admin.email}</Link>} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/**
 * /new-subscription (spec §2, §4): where an inactive account's people land. An Admin picks a plan
 * and pays; managers and users are told to ask an admin. Anyone it is not for — super admins,
 * accounts that are not inactive — goes Home. Nothing here leads to Payments, which would send an
 * inactive admin straight back.
 */
export default function NewSubscriptionPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const status = useSubscriptionStatus();
  const start = useCanAccess({ resource: "new-subscription", action: "start" });
  const where = pageFor({
    role: user?.role,
    canStart: start.canAccess === true,
    status: status.data === null ? null : status.data?.status,
    loading: status.isPending || start.isPending,
  });

  if (where === "home") return <Navigate to="/" replace />;
  if (where === "wait") return <PageLoader />;
  if (where === "ask")
    return (
      <StatusPage
        icon={<CardMembershipIcon color="primary" sx={{ fontSize: 56 }} />}
        title={translate("subscription.newTitle")}
        body={`${translate("subscription.newBody")} ${translate("subscription.newAdminHint")}`}
        actions={<AdminContacts admins={status.data?.admins ?? []} />}
      />
    );
  return (
    <Box sx={{ py: 2 }}>
      <PageHeader title={translate("subscription.start.title")} subtitle={translate("subscription.start.subtitle")} />
      {status.data?.message && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {status.data.message}
        </Alert>
      )}
      <SubscriptionCheckout onPaid={() => navigate("/", { replace: true })} />
    </Box>
  );
}
