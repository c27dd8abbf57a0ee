import type { ReactNode } from "react";
import { Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import RecoverIcon from "@mui/icons-material/RestoreFromTrashOutlined";
import { useTranslate } from "react-admin";

/** Days left before the purge: a warning colour for the last three. */
export function DaysLeftChip({ days }: { days: number }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={days <= 3 ? "warning" : "default"}
      label={translate("resources.deleted-tests.daysLeft", { smart_count: days })}
    />
  );
}

/** A muted line in a cell (nothing recorded). */
export const Muted = ({ children }: { children: ReactNode }) => (
  <Typography component="span" variant="body2" color="text.secondary">
    {children}
  </Typography>
);

/** Nothing deleted at all: says what the page is for and for how long things stay. */
export function NothingToRecover({ resource }: { resource: string }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ flex: 1 }}>
      <CardContent>
        <Stack alignItems="center" spacing={1} sx={{ py: 6, color: "text.secondary", textAlign: "center" }}>
          <RecoverIcon sx={{ fontSize: 48 }} color="disabled" />
          <Typography variant="h6" component="p" color="text.primary">
            {translate(`resources.${resource}.empty.title`)}
          </Typography>
          <Typography sx={{ maxWidth: 520 }}>{translate(`resources.${resource}.empty.body`)}</Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

export function NoMatch({ resource }: { resource: string }) {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: "center" }}>
      {translate(`resources.${resource}.empty.filtered`)}
    </Typography>
  );
}
