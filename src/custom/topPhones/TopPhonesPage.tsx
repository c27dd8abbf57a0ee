/**
 * /top-phones-used (super admins): the phone brands and models tests were made with over a
 * period, ranked — react-admin's ListBase over `getList("phones")` (GET phones, docs/api-resources.md
 * "Phones"), a bar chart loaded on demand, and a DataTable whose rows open the model's page.
 */
import { Box, Card, CardContent, Skeleton, Stack, Typography, useMediaQuery, type Theme } from "@mui/material";
import PhoneIcon from "@mui/icons-material/PhoneIphoneOutlined";
import { DataTable, ListBase, Pagination, useListContext, useTranslate } from "react-admin";
import { DEFAULT_PHONE_PERIOD, phoneModelPath, type PhoneUsage } from "../../api/phones";
import { PageHeader } from "../../resources/shared/PageHeader";
import { RecordLink } from "../../resources/shared/fields";
import { LazyPhoneBarChart } from "./charts";
import { PeriodPicker, periodOf } from "./PeriodPicker";

const Column = DataTable.Col<PhoneUsage>;
export const RANKING_PAGE_SIZE = 10;

export default function TopPhonesPage() {
  return (
    <ListBase
      resource="phones"
      filterDefaultValues={{ period: DEFAULT_PHONE_PERIOD }}
      sort={{ field: "tests", order: "DESC" }}
      perPage={RANKING_PAGE_SIZE}
    >
      <Ranking />
    </ListBase>
  );
}

function Rank({ id }: { id: PhoneUsage["id"] }) {
  const { data = [], page, perPage } = useListContext<PhoneUsage>();
  return <>{(page - 1) * perPage + data.findIndex((row) => row.id === id) + 1}</>;
}

function Ranking() {
  const translate = useTranslate();
  const { data = [], total, isPending, filterValues, setFilters } = useListContext<PhoneUsage>();
  const period = periodOf((filterValues as { period?: unknown }).period, DEFAULT_PHONE_PERIOD);
  const periodText = translate(`topPhones.periodLong.${period}`);
  // The model's page opens on the period chosen here.
  // On a phone the table keeps rank, model (brand beneath), tests and share; devices and accounts are on the model's page.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up("sm"), { noSsr: true });
  const linkOf = (row: PhoneUsage) => `${phoneModelPath(row.brand, row.model)}?period=${period}`;
  return (
    <Box sx={{ py: 2, maxWidth: 1100 }}>
      <PageHeader title={translate("screens.topPhonesUsed")} subtitle={translate("topPhones.subtitle")} />
      <PeriodPicker value={period} onChange={(next) => setFilters({ period: next }, {})} />
      {isPending ? (
        <RankingSkeleton />
      ) : total === 0 ? (
        <Card variant="outlined">
          <CardContent>
            <Stack alignItems="center" spacing={1} sx={{ py: 6, color: "text.secondary", textAlign: "center" }}>
              <PhoneIcon sx={{ fontSize: 48 }} />
              <Typography variant="h6" component="p">
                {translate("topPhones.empty.title", { period: periodText })}
              </Typography>
              <Typography>{translate("topPhones.empty.hint")}</Typography>
            </Stack>
          </CardContent>
        </Card>
      ) : (
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {translate("topPhones.chartTitle")}
              </Typography>
              <LazyPhoneBarChart
                rows={data}
                label={translate("topPhones.chartLabel", { period: periodText })}
                testsLabel={translate("topPhones.fields.tests")}
              />
            </CardContent>
          </Card>
          <Card variant="outlined" sx={{ overflowX: "auto" }}>
            <DataTable<PhoneUsage> rowClick={(_id, _resource, record) => linkOf(record)} bulkActionButtons={false}>
              <Column
                source="rank"
                label="topPhones.fields.rank"
                disableSort
                render={(record) => <Rank id={record.id} />}
              />
              {wide && <Column source="brand" label="topPhones.fields.brand" />}
              <Column
                source="model"
                label="topPhones.fields.model"
                render={(record) => (
                  <>
                    <RecordLink to={linkOf(record)}>{record.model}</RecordLink>
                    {!wide && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {record.brand}
                      </Typography>
                    )}
                  </>
                )}
              />
              <Column source="tests" label="topPhones.fields.tests" align="right" />
              {wide && <Column source="devices" label="topPhones.fields.devices" align="right" />}
              {wide && <Column source="accounts" label="topPhones.fields.accounts" align="right" />}
              <Column
                source="share"
                label="topPhones.fields.share"
                align="right"
                disableSort
                render={(record) => <Box sx={{ whiteSpace: "nowrap" }}>{`${record.share.toFixed(1)} %`}</Box>}
              />
            </DataTable>
            <Pagination rowsPerPageOptions={[10, 25, 50]} />
          </Card>
        </Stack>
      )}
    </Box>
  );
}

function RankingSkeleton() {
  return (
    <Stack spacing={2} data-testid="phones-loading">
      <Skeleton variant="rounded" height={260} />
      <Card variant="outlined">
        <CardContent>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={36} />
          ))}
        </CardContent>
      </Card>
    </Stack>
  );
}
