import { Box, Tab, Tabs } from "@mui/material";
import { useTranslate } from "react-admin";
import { useSearchParams } from "react-router-dom";
import { SubscriptionList } from "../subscriptions/SubscriptionList";
import { PageHeader } from "../shared/PageHeader";
import { PastDueNotice } from "./PastDueNotice";
import { PaymentList } from "./PaymentList";

type Section = "payments" | "subscription";

/** /payments (super admin, admin), and /payments?section=subscription (spec §2). */
export default function PaymentsPage() {
  const translate = useTranslate();
  const [search, setSearch] = useSearchParams();
  const section: Section = search.get("section") === "subscription" ? "subscription" : "payments";
  return (
    <Box sx={{ py: 2 }}>
      <PageHeader title={translate("screens.payments")} subtitle={translate("resources.payments.subtitle")} />
      <PastDueNotice />
      <Tabs
        value={section}
        onChange={(_, value: Section) => setSearch(value === "subscription" ? { section: "subscription" } : {})}
        sx={{ mb: 1, borderBottom: 1, borderColor: "divider" }}
      >
        <Tab value="payments" label={translate("resources.payments.sections.payments")} />
        <Tab value="subscription" label={translate("resources.payments.sections.subscription")} />
      </Tabs>
      {section === "payments" ? <PaymentList /> : <SubscriptionList />}
    </Box>
  );
}
