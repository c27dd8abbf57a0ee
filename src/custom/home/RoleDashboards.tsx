/**
 * Home's dashboards for super admins (every account) and for admins and managers (their account):
 * figure cards on top, then tests per day, the AI analyses' stone mix and, by role, accounts by
 * subscription, payments this month, devices and users. Every number opens its filtered list
 * (./dashboardLinks.ts); the charts load on demand (./charts.tsx).
 */
import type { ComponentType, ReactNode } from "react";
import { Box, Typography, type SvgIconProps } from "@mui/material";
import AccountsIcon from "@mui/icons-material/BusinessOutlined";
import AiIcon from "@mui/icons-material/AutoAwesomeOutlined";
import ChartIcon from "@mui/icons-material/InsertChartOutlined";
import DevicesIcon from "@mui/icons-material/DevicesOtherOutlined";
import DiamondIcon from "@mui/icons-material/DiamondOutlined";
import PaymentsIcon from "@mui/icons-material/PaymentsOutlined";
import TestsIcon from "@mui/icons-material/PhotoLibraryOutlined";
import UsersIcon from "@mui/icons-material/PeopleAltOutlined";
import { useTranslate } from "react-admin";
import { Link, useNavigate } from "react-router-dom";
import { STONE_TYPES, type StoneType } from "../../api/ai";
import type { Dashboard } from "../../api/dashboard";
import { SUBSCRIPTION_STATES, type SubscriptionState } from "../../api/resources";
import { FigureGrid } from "../../resources/shared/FigureGrid";
import { formatMoney } from "../../resources/shared/money";
import { statusLabelKey } from "../../resources/shared/status";
import { STONE_COLORS } from "../aiOverlay/polygons";
import { formatDay } from "../format";
import { LazyStonesChart, LazySubscriptionChart, LazyTestsPerDayChart } from "./charts";
import { EmptyFigure, FigureCard, SectionCard, StatusRows } from "./DashboardCards";
import { dashboardLinks as links } from "./dashboardLinks";

type Tests = NonNullable<Dashboard["tests"]>;
type Ai = NonNullable<Dashboard["ai"]>;
type Payments = NonNullable<Dashboard["payments"]>;

/** Sections side by side on wide screens (`columns` as a grid template), stacked on small ones. */
function Row({ columns, children }: { columns: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        mb: 2,
        alignItems: "stretch",
        gridTemplateColumns: { xs: "minmax(0, 1fr)", md: columns },
      }}
    >
      {children}
    </Box>
  );
}

const sumOf = (rows: { count: number }[]) => rows.reduce((sum, row) => sum + row.count, 0);

/** The sections whose words (en.ts's home.{section}) have a title, a subtitle and an "open" link. */
type SectionName = "testsPerDay" | "ai" | "payments" | "subscriptions";

interface DashboardSectionProps {
  section: SectionName;
  /** The list behind the section (its "open" link). */
  to: string;
  fill?: boolean;
  /** Nothing to show yet: the section says so (its `empty` and `emptyHint`) with `emptyIcon`, instead of its content. */
  isEmpty?: boolean;
  emptyIcon?: ComponentType<SvgIconProps>;
  children: ReactNode;
}

/** A section of Home with its title, subtitle and link, or its empty state while there is nothing to show. */
function DashboardSection({
  section,
  to,
  fill,
  isEmpty = false,
  emptyIcon = ChartIcon,
  children,
}: DashboardSectionProps) {
  const translate = useTranslate();
  const words = (key: string) => translate(`home.${section}.${key}`);
  return (
    <SectionCard title={words("title")} subtitle={words("subtitle")} link={{ to, label: words("open") }} fill={fill}>
      {isEmpty ? <EmptyFigure icon={emptyIcon} title={words("empty")} hint={words("emptyHint")} /> : children}
    </SectionCard>
  );
}

function TestsPerDaySection({ tests, period }: { tests: Tests; period: Dashboard["period"] }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <DashboardSection
      section="testsPerDay"
      to={links.periodTests(period)}
      fill
      isEmpty={tests.total === 0}
      emptyIcon={ChartIcon}
    >
      <LazyTestsPerDayChart
        days={tests.days}
        label={translate("home.testsPerDay.label")}
        testsLabel={translate("home.figures.tests")}
        onDay={(day) => navigate(links.day(day))}
      />
      <TestsPerDayTable days={tests.days} />
    </DashboardSection>
  );
}

/**
 * The chart's days in words, behind a disclosure: a day's tests open from its link, by keyboard
 * too (a bar opens only by a click), and a screen reader reads the counts the bars draw.
 */
function TestsPerDayTable({ days }: { days: Tests["days"] }) {
  const translate = useTranslate();
  return (
    <Box component="details" sx={{ mt: 1, "& summary": { cursor: "pointer", color: "text.secondary" } }}>
      <summary>{translate("home.testsPerDay.asTable")}</summary>
      <Box
        component="table"
        sx={{ mt: 1, borderCollapse: "collapse", "& td, & th": { px: 1, py: 0.25, textAlign: "left" } }}
      >
        <thead>
          <tr>
            <th scope="col">{translate("home.testsPerDay.day")}</th>
            <th scope="col">{translate("home.figures.tests")}</th>
          </tr>
        </thead>
        <tbody>
          {days.map(({ day, tests }) => (
            <tr key={day}>
              <td>
                <Link to={links.day(day)}>{formatDay(day)}</Link>
              </td>
              <td>{tests.toLocaleString("en-US")}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

function AiSection({ ai, period }: { ai: Ai; period: Dashboard["period"] }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const to = links.periodTests(period);
  const labels = Object.fromEntries(STONE_TYPES.map((type) => [type, translate(`ai.types.${type}`)])) as Record<
    StoneType,
    string
  >;
  const stones = sumOf(ai.stones);
  return (
    <DashboardSection section="ai" to={to} isEmpty={ai.analyses === 0} emptyIcon={DiamondIcon}>
      {stones === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: "center" }}>
          {translate("home.ai.noStones")}
        </Typography>
      ) : (
        <>
          <Box sx={{ position: "relative" }}>
            <LazyStonesChart
              stones={ai.stones}
              labels={labels}
              label={translate("home.ai.label")}
              onSlice={() => navigate(to)}
            />
            <Box
              sx={{
                position: "absolute",
                inset: 0,
                display: "flex",
                flexDirection: "column",
                alignItems: "center",
                justifyContent: "center",
                pointerEvents: "none",
              }}
            >
              <Typography variant="h5" component="p" sx={{ fontWeight: 600, lineHeight: 1 }}>
                {stones.toLocaleString("en-US")}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {translate("home.ai.stonesUnit", { smart_count: stones })}
              </Typography>
            </Box>
          </Box>
          <StatusRows
            label={translate("home.ai.label")}
            rows={ai.stones.map((row) => ({
              key: row.type,
              label: labels[row.type],
              count: row.count,
              to,
              color: STONE_COLORS[row.type],
            }))}
          />
        </>
      )}
    </DashboardSection>
  );
}

/** Currencies listed one by one; the others share one row (the month's payments list has them all). */
const PAYMENT_CURRENCY_ROWS = 5;

function PaymentsSection({ payments, month }: { payments: Payments; month: Dashboard["month"] }) {
  const translate = useTranslate();
  const more = payments.currencies.slice(PAYMENT_CURRENCY_ROWS);
  return (
    <DashboardSection
      section="payments"
      to={links.payments(month)}
      isEmpty={payments.count === 0}
      emptyIcon={PaymentsIcon}
    >
      <StatusRows
        label={translate("home.payments.label")}
        rows={[
          ...payments.currencies.slice(0, PAYMENT_CURRENCY_ROWS).map((row) => ({
            key: row.currency,
            label: row.currency,
            count: row.count,
            to: links.payments(month, { currency: row.currency }),
            color: "primary.main",
            detail: translate("home.payments.detail", { amount: formatMoney(row.collected, row.currency) }),
          })),
          ...(more.length > 0
            ? [
                {
                  key: "more",
                  label: translate("home.payments.more", { smart_count: more.length }),
                  count: sumOf(more),
                  to: links.payments(month),
                  color: "grey.400",
                },
              ]
            : []),
          ...(payments.failed > 0
            ? [
                {
                  key: "failed",
                  label: translate(statusLabelKey("failed")),
                  count: payments.failed,
                  to: links.payments(month, { status: "failed" }),
                },
              ]
            : []),
        ]}
      />
    </DashboardSection>
  );
}

function SubscriptionSection({ accounts }: { accounts: NonNullable<Dashboard["accounts"]> }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const labels = Object.fromEntries(
    SUBSCRIPTION_STATES.map((status) => [status, translate(statusLabelKey(status))]),
  ) as Record<SubscriptionState, string>;
  return (
    <DashboardSection section="subscriptions" to={links.accounts()}>
      <LazySubscriptionChart
        rows={accounts.byStatus}
        labels={labels}
        label={translate("home.subscriptions.label")}
        accountsLabel={translate("home.figures.accounts")}
        onStatus={(status) => navigate(links.accounts(status))}
      />
      <StatusRows
        label={translate("home.subscriptions.label")}
        rows={accounts.byStatus.map((row) => ({
          key: row.status,
          label: labels[row.status],
          count: row.count,
          to: links.accounts(row.status),
        }))}
      />
    </DashboardSection>
  );
}

/** A section of rows by status, each opening its filtered list (no subtitle: the rows say it all). */
function StatusSection<S extends string>({
  section,
  figures,
  linkOf,
}: {
  section: "devices" | "users";
  figures: { total: number; byStatus: { status: S; count: number }[] };
  linkOf: (status?: S) => string;
}) {
  const translate = useTranslate();
  return (
    <SectionCard
      title={translate(`home.${section}.title`)}
      link={{ to: linkOf(), label: translate(`home.${section}.open`) }}
    >
      <StatusRows
        label={translate(`home.${section}.label`)}
        rows={figures.byStatus.map((row) => ({
          key: row.status,
          label: translate(statusLabelKey(row.status)),
          count: row.count,
          to: linkOf(row.status),
        }))}
      />
    </SectionCard>
  );
}

const countOf = (rows: { status: string; count: number }[], status: string) =>
  rows.find((row) => row.status === status)?.count ?? 0;

/** The tests and AI analyses of the last 30 days: the first figures of every dashboard. */
function TestFigures({ tests, ai, period }: { tests: Tests; ai: Ai; period: Dashboard["period"] }) {
  const translate = useTranslate();
  return (
    <>
      <FigureCard
        icon={TestsIcon}
        label={translate("home.figures.tests")}
        value={tests.total}
        caption={translate("home.last30Days")}
        to={links.periodTests(period)}
      />
      <FigureCard
        icon={AiIcon}
        label={translate("home.figures.aiAnalyses")}
        value={ai.analyses}
        caption={translate("home.captions.aiRuns", { smart_count: ai.failed })}
        to={links.periodTests(period)}
      />
    </>
  );
}

function PaymentsFigure({ payments, month }: { payments: Payments; month: Dashboard["month"] }) {
  const translate = useTranslate();
  return (
    <FigureCard
      icon={PaymentsIcon}
      label={translate("home.figures.payments")}
      value={payments.count}
      caption={translate("home.captions.paymentsFailed", { smart_count: payments.failed })}
      to={links.payments(month)}
    />
  );
}

/** Every account's figures (super admins). */
export function SuperAdminDashboard({ dashboard }: { dashboard: Dashboard }) {
  const translate = useTranslate();
  const { accounts, tests, ai, payments, period, month } = dashboard;
  if (!accounts || !tests || !ai || !payments) return null;
  return (
    <>
      <FigureGrid columns={4}>
        <FigureCard
          icon={AccountsIcon}
          label={translate("home.figures.accounts")}
          value={accounts.total}
          caption={translate("home.captions.pastDue", { count: countOf(accounts.byStatus, "past_due") })}
          to={links.accounts()}
        />
        <TestFigures tests={tests} ai={ai} period={period} />
        <PaymentsFigure payments={payments} month={month} />
      </FigureGrid>
      <Row columns="minmax(0, 5fr) minmax(0, 3fr)">
        <TestsPerDaySection tests={tests} period={period} />
        <SubscriptionSection accounts={accounts} />
      </Row>
      <Row columns="repeat(2, minmax(0, 1fr))">
        <AiSection ai={ai} period={period} />
        <PaymentsSection payments={payments} month={month} />
      </Row>
    </>
  );
}

/** The caller's account's figures (admins; managers without payments). */
export function AccountDashboard({ dashboard }: { dashboard: Dashboard }) {
  const translate = useTranslate();
  const { tests, ai, payments, devices, users, period, month } = dashboard;
  if (!tests || !ai || !devices || !users) return null;
  return (
    <>
      <FigureGrid columns={payments ? 5 : 4}>
        <TestFigures tests={tests} ai={ai} period={period} />
        <FigureCard
          icon={DevicesIcon}
          label={translate("home.figures.devices")}
          value={devices.total}
          caption={translate("home.captions.lostDevices", { smart_count: countOf(devices.byStatus, "lost") })}
          to={links.devices()}
        />
        <FigureCard
          icon={UsersIcon}
          label={translate("home.figures.users")}
          value={users.total}
          caption={translate("home.captions.invitedUsers", { smart_count: countOf(users.byStatus, "invited") })}
          to={links.users()}
        />
        {payments && <PaymentsFigure payments={payments} month={month} />}
      </FigureGrid>
      <Row columns="minmax(0, 2fr) minmax(0, 1fr)">
        <TestsPerDaySection tests={tests} period={period} />
        <AiSection ai={ai} period={period} />
      </Row>
      <Row columns={payments ? "repeat(3, minmax(0, 1fr))" : "repeat(2, minmax(0, 1fr))"}>
        <StatusSection section="devices" figures={devices} linkOf={links.devices} />
        <StatusSection section="users" figures={users} linkOf={links.users} />
        {payments && <PaymentsSection payments={payments} month={month} />}
      </Row>
    </>
  );
}
