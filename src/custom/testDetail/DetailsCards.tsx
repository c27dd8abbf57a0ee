import type { ReactNode } from "react";
import { Card, CardContent, Grid, Link as MuiLink, Typography } from "@mui/material";
import { Link } from "react-router-dom";
import { useTranslate } from "react-admin";
import { deviceTypeName, type ApiTest } from "../../api/tests";
import { formatDateTime } from "../format";

function DetailCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
      <Card variant="outlined" sx={{ height: "100%" }}>
        <CardContent sx={{ "&:last-child": { pb: 2 } }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {label}
          </Typography>
          <Typography variant="body1" component="div" sx={{ fontWeight: 500, wordBreak: "break-word" }}>
            {children}
          </Typography>
        </CardContent>
      </Card>
    </Grid>
  );
}

/**
 * Spec §2 Details cards. Tested by links to the creator's page, except in the public view and for
 * copied tests, whose creator belongs to another account.
 */
export function DetailsCards({ test, publicView }: { test: ApiTest; publicView: boolean }) {
  const translate = useTranslate();
  const empty = translate("testDetail.empty");
  const value = (text: string | null | undefined) => (text && text.trim() ? text : empty);
  const testedByLinked = !publicView && !test.isCopied && Boolean(test.createdBy);
  const field = (key: string) => translate(`testDetail.fields.${key}`);

  return (
    <Grid container spacing={2} component="section" aria-label={translate("testDetail.sections.details")}>
      <DetailCard label={field("device")}>{value(test.device?.name)}</DetailCard>
      <DetailCard label={field("deviceType")}>{deviceTypeName(test.device?.type)}</DetailCard>
      <DetailCard label={field("phone")}>{value(test.phoneType)}</DetailCard>
      <DetailCard label={field("testedOn")}>{test.date ? formatDateTime(test.date) : empty}</DetailCard>
      <DetailCard label={field("location")}>{value(test.business?.name)}</DetailCard>
      <DetailCard label={field("sku")}>{value(test.sku)}</DetailCard>
      <DetailCard label={field("vendor")}>{value(test.vendorName)}</DetailCard>
      <DetailCard label={field("customer")}>{value(test.customer)}</DetailCard>
      <DetailCard label={field("testedBy")}>
        {testedByLinked ? (
          <MuiLink component={Link} to={`/users/${encodeURIComponent(test.createdBy)}`}>
            {value(test.createdByDetails?.name)}
          </MuiLink>
        ) : (
          <span aria-disabled="true">{value(test.createdByDetails?.name)}</span>
        )}
      </DetailCard>
      {test.isCopied && (
        <>
          <DetailCard label={field("senderAccount")}>{value(test.originalTest?.account?.name)}</DetailCard>
          <DetailCard label={field("copiedAt")}>{test.copiedAt ? formatDateTime(test.copiedAt) : empty}</DetailCard>
        </>
      )}
    </Grid>
  );
}
