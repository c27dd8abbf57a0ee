/**
 * /top-phones-used/:phoneBrand/:phoneModel (super admins): one phone model over a period — tests
 * per week (a line chart loaded on demand), OS versions, the accounts and devices using it and its
 * latest tests. Not a react-admin record: the custom call getPhoneModel (src/dataProvider/phoneCalls.ts)
 * through react-query, as react-admin's own hooks do.
 */
import type { ReactNode } from "react";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import BackIcon from "@mui/icons-material/ArrowBack";
import { useQuery } from "@tanstack/react-query";
import { HttpError, useDataProvider, useTranslate } from "react-admin";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { DEFAULT_PHONE_PERIOD, type PhoneModelUsage } from "../../api/phones";
import type { ConsoleDataProvider } from "../../dataProvider";
import { DateTimeText, RecordLink } from "../../resources/shared/fields";
import { PageHeader } from "../../resources/shared/PageHeader";
import { paths } from "../../resources/shared/paths";
import { StatCards } from "../../resources/shared/StatCards";
import { LazyPhoneWeeksChart } from "./charts";
import { PeriodPicker, periodOf } from "./PeriodPicker";

export default function PhoneModelPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { phoneBrand = "", phoneModel = "" } = useParams();
  const [search, setSearch] = useSearchParams();
  const period = periodOf(search.get("period"), DEFAULT_PHONE_PERIOD);
  const periodText = translate(`topPhones.periodLong.${period}`);
  const query = useQuery({
    queryKey: ["phones", "model", phoneBrand, phoneModel, period],
    queryFn: ({ signal }) => dataProvider.getPhoneModel(phoneBrand, phoneModel, period, signal),
    retry: false,
  });
  const notFound = query.error instanceof HttpError && query.error.status === 404;

  return (
    <Box sx={{ py: 2, maxWidth: 1100 }}>
      <Button component={Link} to={`/top-phones-used`} startIcon={<BackIcon />} size="small" sx={{ mb: 1 }}>
        {translate("topPhones.model.back")}
      </Button>
      <PageHeader
        title={phoneModel}
        subtitle={translate("topPhones.model.subtitle", { brand: phoneBrand, period: periodText })}
      />
      <PeriodPicker value={period} onChange={(next) => setSearch({ period: next }, { replace: true })} />
      {query.isPending ? (
        <ModelSkeleton />
      ) : query.error ? (
        <Alert severity={notFound ? "info" : "error"}>
          {notFound ? translate("topPhones.model.notFound") : query.error.message}
        </Alert>
      ) : (
        <ModelUsage usage={query.data} periodText={periodText} />
      )}
    </Box>
  );
}

function ModelUsage({ usage, periodText }: { usage: PhoneModelUsage; periodText: string }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`topPhones.model.${key}`);
  return (
    <>
      <StatCards
        items={[
          { label: translate("topPhones.fields.tests"), value: usage.totals.tests },
          { label: translate("topPhones.fields.devices"), value: usage.totals.devices },
          { label: translate("topPhones.fields.accounts"), value: usage.totals.accounts },
        ]}
      />
      {usage.totals.tests === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate("topPhones.model.noTests", { period: periodText })}
        </Alert>
      )}
      {usage.weeks.length > 0 && (
        <Section title={t("weeksTitle")}>
          <LazyPhoneWeeksChart
            weeks={usage.weeks}
            label={translate("topPhones.model.weeksLabel", { period: periodText })}
            testsLabel={translate("topPhones.fields.tests")}
          />
        </Section>
      )}
      {usage.totals.tests > 0 && (
        <Box
          sx={{
            display: "grid",
            columnGap: 2,
            alignItems: "start",
            gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" },
          }}
        >
          <Section title={t("os")}>
            <SmallTable
              head={[t("os1"), translate("topPhones.fields.tests"), translate("topPhones.fields.devices")]}
              rows={usage.osVersions.map((row) => ({
                key: row.os ?? "",
                cells: [row.os ?? t("osUnknown"), row.tests, row.devices],
              }))}
            />
          </Section>
          <Section title={t("accounts")}>
            <SmallTable
              head={[t("account"), translate("topPhones.fields.tests"), translate("topPhones.fields.devices")]}
              rows={usage.accounts.map((row) => ({
                key: row.id,
                cells: [<RecordLink to={paths.account(row.id)}>{row.name}</RecordLink>, row.tests, row.devices],
              }))}
            />
          </Section>
          <Section title={t("devices")}>
            <SmallTable
              head={[t("device"), t("account"), t("os1"), translate("topPhones.fields.tests")]}
              rows={usage.devices.map((row) => ({
                key: row.id,
                cells: [
                  <RecordLink to={paths.device(row.id)}>{row.customBoxName ?? row.serialNumber}</RecordLink>,
                  row.accountName,
                  row.phoneOs ?? t("osUnknown"),
                  row.tests,
                ],
              }))}
            />
          </Section>
          <Section title={t("latestTests")}>
            <SmallTable
              head={[t("test"), t("account"), t("date")]}
              rows={usage.latestTests.map((row) => ({
                key: row.id,
                cells: [
                  <RecordLink to={`/gallery/item/${encodeURIComponent(row.id)}`}>{row.name}</RecordLink>,
                  row.accountName,
                  <DateTimeText value={row.date} />,
                ],
              }))}
            />
          </Section>
        </Box>
      )}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2, minWidth: 0 }} component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A compact table; columns of numbers align right, their headings too. */
function SmallTable({ head, rows }: { head: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
  const numeric = head.map((_, i) => rows.length > 0 && rows.every((row) => typeof row.cells[i] === "number"));
  const align = (i: number) => (numeric[i] ? "right" : "left");
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((label, i) => (
              <TableCell key={label} align={align(i)}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, i) => (
                <TableCell key={i} align={align(i)}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function ModelSkeleton() {
  return (
    <Stack spacing={2} data-testid="phone-model-loading">
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={260} />
      <Skeleton variant="rounded" height={200} />
    </Stack>
  );
}
