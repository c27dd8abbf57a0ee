import type { ReactNode } from "react";
import { Box, Link as MuiLink, Stack, Typography } from "@mui/material";
import { Link } from "react-router-dom";
import { useTranslate } from "react-admin";
import { deviceTypeName } from "../../api/tests";
import { formatDate, formatDateTime } from "../../custom/format";
import { formatMoney } from "./money";
import { paths } from "./paths";

/** A date and time as §9 writes it, or a dash. */
export function DateTimeText({ value, dateOnly = false }: { value: string | null | undefined; dateOnly?: boolean }) {
  const translate = useTranslate();
  if (!value) return <>{translate("resources.shared.none")}</>;
  return <time dateTime={value}>{dateOnly ? formatDate(value) : formatDateTime(value)}</time>;
}

export const MoneyText = ({ amount, currency }: { amount: number; currency: string }) => (
  <Box component="span" sx={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
    {formatMoney(amount, currency)}
  </Box>
);

export const DeviceTypeText = ({ code }: { code: number }) => <>{deviceTypeName(code)}</>;

/** A link to a record's page inside a table row: clicking it does not also click the row. */
export function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <MuiLink component={Link} to={to} onClick={(event) => event.stopPropagation()} underline="hover">
      {children}
    </MuiLink>
  );
}

/** The account a record belongs to, by name, as a link to its page (in a table row or a detail page). */
export function AccountLink({ record }: { record: { accountId: string; accountName: string } }) {
  return <RecordLink to={paths.account(record.accountId)}>{record.accountName}</RecordLink>;
}

/** The account and (when it has one) the business a record belongs to, as FieldGrid items linking to them. */
export function placeItems(
  label: (field: string) => string,
  record: { accountId: string; accountName: string; businessId?: string | null; businessName?: string | null },
): { label: string; value: ReactNode }[] {
  const items: { label: string; value: ReactNode }[] = [
    {
      label: label("accountName"),
      value: <AccountLink record={record} />,
    },
  ];
  if (record.businessName !== undefined) {
    items.push({
      label: label("businessName"),
      value: record.businessId ? (
        <RecordLink to={paths.business(record.businessId)}>{record.businessName}</RecordLink>
      ) : null,
    });
  }
  return items;
}

/** The i18n key of "Yes" or "No". */
export const yesNoKey = (value: boolean) => (value ? "resources.shared.yes" : "resources.shared.no");

/** Text or a dash. */
export function OrDash({ value }: { value: ReactNode }) {
  const translate = useTranslate();
  // false too: a detail shown only when it applies (`refunded > 0 && …`) reads as nothing otherwise.
  const empty = value === null || value === undefined || value === "" || value === false;
  return <>{empty ? translate("resources.shared.none") : value}</>;
}

/** Read-only label/value pairs in a responsive grid (detail pages). */
export function FieldGrid({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" },
      }}
    >
      {items.map((item) => (
        <Stack key={item.label} spacing={0.25}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
            <OrDash value={item.value} />
          </Typography>
        </Stack>
      ))}
    </Box>
  );
}

/** A secondary line in a cell (who picked it up, nothing recorded, no test yet). */
export const Muted = ({ children, noWrap = false }: { children: ReactNode; noWrap?: boolean }) => (
  <Typography
    component="span"
    variant="body2"
    color="text.secondary"
    sx={noWrap ? { whiteSpace: "nowrap" } : undefined}
  >
    {children}
  </Typography>
);

/** Text kept on one line (serial numbers, dates, an action). */
export const NoWrap = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={{ whiteSpace: "nowrap" }}>
    {children}
  </Box>
);
