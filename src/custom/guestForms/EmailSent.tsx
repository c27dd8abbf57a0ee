import { Link } from "react-router-dom";
import { Alert, Button, Stack, Typography } from "@mui/material";
import MarkEmailReadIcon from "@mui/icons-material/MarkEmailReadOutlined";
import { useTranslate } from "react-admin";
import { GuestCard } from "./GuestCard";

/**
 * "Check your email": what a guest sees once a request went out, the same whatever the service
 * knows about the address (it says nothing more either). The guest may send it again (`onAgain`:
 * back to the form) or go back to sign in. Its words are the page's:
 * `{words}.sent.title|body|hint|again`.
 */
export function EmailSent({
  words,
  email,
  onAgain,
}: {
  words: "register" | "forgotPassword";
  email: string;
  onAgain: () => void;
}) {
  const translate = useTranslate();
  return (
    <GuestCard icon={<MarkEmailReadIcon color="primary" />} title={translate(`${words}.sent.title`)}>
      <Alert severity="success" role="status">
        {translate(`${words}.sent.body`, { email })}
      </Alert>
      <Typography color="text.secondary" variant="body2">
        {translate(`${words}.sent.hint`)}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} justifyContent="space-between">
        <Button onClick={onAgain}>{translate(`${words}.sent.again`)}</Button>
        <Button component={Link} to="/login" variant="contained">
          {translate("guestForm.backToLogin")}
        </Button>
      </Stack>
    </GuestCard>
  );
}
