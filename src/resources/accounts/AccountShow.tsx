import { useState, type ReactNode } from "react";
import { Box, Button as MuiButton, Stack, Tab, Tabs, Typography } from "@mui/material";
import AddLocationIcon from "@mui/icons-material/AddLocationAltOutlined";
import { useCanAccess, useTranslate } from "react-admin";
import { Link } from "react-router-dom";
import type { Account } from "../../api/resources";
import { BusinessCreateDialog } from "../businesses/BusinessCreate";
import { BusinessTable } from "../businesses/BusinessTable";
import { DeviceTable } from "../devices/DeviceTable";
import { PaymentTable } from "../payments/PaymentTable";
import { AccountSubscription } from "../subscriptions/SubscriptionCard";
import { BookmarksProvider, BookmarkToggle } from "../shared/bookmarks";
import { countryName } from "../shared/country";
import { DeleteRecordButton } from "../shared/DeleteRecordButton";
import { contractEdit } from "../shared/editableFields";
import { DateTimeText, FieldGrid } from "../shared/fields";
import { PageHeader } from "../shared/PageHeader";
import { paths } from "../shared/paths";
import { RecordShow } from "../shared/RecordState";
import { Section } from "../shared/Section";
import { StatCards } from "../shared/StatCards";
import { StatusChip } from "../shared/StatusChip";
import { useActor } from "../shared/useActor";
import { VersionedEditInSection } from "../shared/VersionedEdit";
import { AccountFields } from "./accountInputs";
import { AccountStorageLine } from "./AccountStorageLine";
import { AccountUsers } from "./AccountUsers";
import { GraceGuard } from "../shared/GraceNote";
import { OwnAccountForm } from "./OwnAccountForm";
import { useCanAccessRecord } from "../../access/useCanAccessRecord";

type TabKey = "overview" | "businesses" | "users" | "devices" | "subscription" | "payments";
type AccountTab = { key: TabKey; content: ReactNode };

/**
 * The account's details, read-only: for roles that may not change them; for its owner, beside the
 * form that changes its name and owner, the rest.
 */
function AccountFacts({ account, besideForm = false }: { account: Account; besideForm?: boolean }) {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.accounts.fields.${field}`);
  return (
    <FieldGrid
      items={[
        ...(besideForm
          ? []
          : [
              { label: label("name"), value: account.name },
              { label: label("ownerName"), value: account.ownerName },
            ]),
        { label: label("email"), value: account.email },
        { label: label("phone"), value: account.phone },
        { label: label("country"), value: countryName(account.country) },
        { label: label("createdAt"), value: <DateTimeText value={account.createdAt} dateOnly /> },
      ]}
    />
  );
}

function Overview({ account }: { account: Account }) {
  const translate = useTranslate();
  const actor = useActor();
  const { canAccess: mayEdit } = useCanAccessRecord({ resource: "accounts", action: "edit", record: account });
  const { canAccess: mayEditOwn } = useCanAccessRecord({ resource: "accounts", action: "editOwn", record: account });
  if (mayEdit) {
    return (
      <Section title={translate("resources.accounts.details")}>
        <VersionedEditInSection {...contractEdit("accounts")} id={account.id}>
          <AccountFields withStatus accountId={account.id} noUsers={account.userCount === 0} />
        </VersionedEditInSection>
      </Section>
    );
  }
  if (mayEditOwn) {
    return (
      <Section title={translate("resources.accounts.details")}>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {translate("resources.accounts.ownAccount.ownerHint")}
        </Typography>
        <OwnAccountForm account={account} />
        <Box sx={{ mt: 3 }}>
          <AccountFacts account={account} besideForm />
        </Box>
      </Section>
    );
  }
  return (
    <Section title={translate("resources.accounts.details")}>
      {account.id === actor.accountId && account.ownerName && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate("resources.accounts.ownAccount.notOwner", { owner: account.ownerName })}
        </Typography>
      )}
      <AccountFacts account={account} />
    </Section>
  );
}

function AddBusinessButton({ account }: { account: Account }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { canAccess: mayAdd } = useCanAccess({
    resource: "businesses",
    action: "create",
    record: { id: account.id, accountId: account.id },
  });
  // Admins add a location on its own page (spec §2); super admins here, in a dialog.
  const { canAccess: hasLocationPage } = useCanAccess({ resource: "businesses", action: "addLocation" });
  if (!mayAdd) return null;
  if (hasLocationPage) {
    return (
      <GraceGuard write="POST /api/businesses" note="end">
        <MuiButton component={Link} to={paths.addLocation} startIcon={<AddLocationIcon />}>
          {translate("resources.accounts.addBusiness")}
        </MuiButton>
      </GraceGuard>
    );
  }
  return (
    <>
      <GraceGuard write="POST /api/businesses" note="end">
        <MuiButton startIcon={<AddLocationIcon />} onClick={() => setOpen(true)}>
          {translate("resources.accounts.addBusiness")}
        </MuiButton>
      </GraceGuard>
      <BusinessCreateDialog open={open} accountId={account.id} onClose={() => setOpen(false)} />
    </>
  );
}

interface AccountDetailProps {
  /** Default: the `:id` of the route. */
  accountId?: string;
  /** /account: the user's own account, titled "My account". */
  own?: boolean;
}

/**
 * An account's page: its counters, its storage (super admins, its admins), details, businesses,
 * users, devices, subscription and payments.
 */
export function AccountDetail({ accountId, own = false }: AccountDetailProps) {
  return (
    <RecordShow<Account> resource="accounts" id={accountId}>
      {(account) => <AccountView account={account} own={own} />}
    </RecordShow>
  );
}

function AccountView({ account, own }: { account: Account; own: boolean }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<TabKey>("overview");
  // Subscription and payments: admins and super admins (change log).
  const { canAccess: money } = useCanAccess({ resource: "payments", action: "list" });
  // The users tab lists users: a user may not (the service refuses them the list; the tab loaded forever).
  const { canAccess: people } = useCanAccess({ resource: "users", action: "list" });
  // A tab is named by its key (resources.accounts.tabs.{key}); one a role may not open is left out.
  const offered: (AccountTab | false | undefined)[] = [
    { key: "overview", content: <Overview account={account} /> },
    {
      key: "businesses",
      content: (
        <Section
          title={translate("resources.accounts.tabs.businesses")}
          actions={<AddBusinessButton account={account} />}
        >
          <BusinessTable />
        </Section>
      ),
    },
    people && { key: "users", content: <AccountUsers account={account} /> },
    {
      key: "devices",
      content: (
        <Section title={translate("resources.accounts.tabs.devices")}>
          <DeviceTable />
        </Section>
      ),
    },
    money && { key: "subscription", content: <AccountSubscription accountId={account.id} /> },
    money && {
      key: "payments",
      content: (
        <Section title={translate("resources.accounts.tabs.payments")}>
          <PaymentTable />
        </Section>
      ),
    },
  ];
  const tabs = offered.filter((item): item is AccountTab => Boolean(item));
  const current = tabs.find((item) => item.key === tab) ?? tabs[0];

  return (
    <Box sx={{ py: 2 }}>
      <PageHeader
        title={own ? translate("resources.accounts.ownAccount.title") : account.name}
        subtitle={
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 0.5 }} flexWrap="wrap" useFlexGap>
            {own && <Typography component="span">{account.name}</Typography>}
            <StatusChip status={account.status} prefix={translate("resources.accounts.fields.status")} />
            <StatusChip
              status={account.subscriptionStatus}
              prefix={translate("resources.accounts.fields.subscriptionStatus")}
            />
          </Stack>
        }
        leading={
          <BookmarksProvider>
            <BookmarkToggle resource="accounts" recordId={account.id} />
          </BookmarksProvider>
        }
        actions={
          <DeleteRecordButton
            resource="accounts"
            record={account}
            label="resources.accounts.delete"
            confirmTitle="resources.accounts.delete"
            confirmContent="resources.accounts.deleteBody"
            redirect={paths.accounts}
            recheck
            alsoChanges={["deleted-accounts", "scheduled-actions"]}
          />
        }
      />
      <StatCards
        items={[
          { label: translate("resources.accounts.fields.businessCount"), value: account.businessCount },
          { label: translate("resources.accounts.fields.userCount"), value: account.userCount },
          { label: translate("resources.accounts.fields.deviceCount"), value: account.deviceCount },
          { label: translate("resources.accounts.fields.testCount"), value: account.testCount },
        ]}
      />
      <AccountStorageLine account={account} />
      <Tabs
        value={current.key}
        onChange={(_, value: TabKey) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: "divider" }}
      >
        {tabs.map((item) => (
          <Tab
            key={item.key}
            value={item.key}
            label={translate(`resources.accounts.tabs.${item.key}`)}
            id={`account-tab-${item.key}`}
            aria-controls={`account-tabpanel-${item.key}`}
          />
        ))}
      </Tabs>
      {/* The shown tab's content, tied to its tab for a screen reader (WAI-ARIA's tabs pattern). */}
      <Box role="tabpanel" id={`account-tabpanel-${current.key}`} aria-labelledby={`account-tab-${current.key}`}>
        {current.content}
      </Box>
    </Box>
  );
}

/** /accounts/:accountId (spec §2: all; the service shows others only their own account). */
export default function AccountShowPage() {
  return <AccountDetail />;
}
