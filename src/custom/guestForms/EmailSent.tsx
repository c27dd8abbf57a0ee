import type { ReactNode } from "react";
import { Alert, Stack, Typography } from "@mui/material";
import MarkEmailReadIcon from "@mui/icons-material/MarkEmailReadOutlined";
import { GuestCard } from "./GuestCard";

/**
 * "Check your email": what a guest sees once a request went out, the same whatever the service
 * knows about the address (it says nothing more either). `actions` go back or elsewhere.
 */
export function EmailSent({
  title,
  body,
  hint,
  actions,
}: {
  title: string;
  body: string;
  hint: string;
  actions: ReactNode;
}) {
  return (
    <GuestCard icon={<MarkEmailReadIcon color="primary" />} title={title}>
      <Alert severity="success" role="status">
        {body}
      </Alert>
      <Typography color="text.secondary" variant="body2">
        {hint}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} justifyContent="space-between">
        {actions}
      </Stack>
    </GuestCard>
  );
}
