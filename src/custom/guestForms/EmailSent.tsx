import { Link } from "react-router-dom";
import { Alert, Button, Stack, Typography } from "@mui/material";
import MarkEmailReadIcon from "@mui/icons-material/MarkEmailReadOutlined";
import { useTranslate } from "react-admin";
import { GuestCard } from "./GuestCard";

/**
 * "Check your email": what a guest sees once a request went out, the same whatever the service
 * knows about the address (it says nothing more either). The guest may send it again (`again`:
 * back to the form) or go back to sign in.
 */
export function EmailSent({
  title,
  body,
  hint,
  again,
}: {
  title: string;
  body: string;
  hint: string;
  again: { label: string; onClick: () => void };
}) {
  const translate = useTranslate();
  return (
    <GuestCard icon={<MarkEmailReadIcon color="primary" />} title={title}>
      <Alert severity="success" role="status">
        {body}
      </Alert>
      <Typography color="text.secondary" variant="body2">
        {hint}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} justifyContent="space-between">
        <Button onClick={again.onClick}>{again.label}</Button>
        <Button component={Link} to="/login" variant="contained">
          {translate("guestForm.backToLogin")}
        </Button>
      </Stack>
    </GuestCard>
  );
}
