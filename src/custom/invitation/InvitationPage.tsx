import { useEffect, useState, type FormEvent } from "react";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Link as MuiLink,
  Paper,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import MailIcon from "@mui/icons-material/MailOutline";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useAuthProvider, useDataProvider, useTranslate } from "react-admin";
import { Link, useNavigate, useParams } from "react-router-dom";
import type { ConsoleAuthProvider } from "../../authProvider/authProvider";
import { PRODUCT_NAME } from "../../config";
import type { ConsoleDataProvider } from "../../dataProvider";
import { errorMessage } from "../errorMessage";
import { PageLoader } from "../status/PageLoader";
import {
  MIN_PASSWORD_LENGTH,
  validateInvitation,
  type InvitationErrors,
  type InvitationValues,
} from "./invitationForm";

const EMPTY: InvitationValues = { firstName: "", lastName: "", password: "", confirmPassword: "" };

/**
 * /invitation/:inviteCode (spec §2, guests only): shows the invitation, and accepting it with a
 * name and a password signs the new user in, stored exactly as a sign-in, then opens home.
 */
export default function InvitationPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { inviteCode = "" } = useParams();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const authProvider = useAuthProvider<ConsoleAuthProvider>();
  const queryClient = useQueryClient();
  const invitation = useQuery({
    queryKey: ["invitation", inviteCode],
    queryFn: ({ signal }) => dataProvider.getInvitation(inviteCode, signal),
    retry: false,
  });
  const [values, setValues] = useState<InvitationValues>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<InvitationErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // The names the inviter typed are a starting point: the invitee may correct them.
  const invited = invitation.data;
  useEffect(() => {
    if (!invited) return;
    setValues((current) => ({
      ...current,
      firstName: current.firstName || invited.firstName || "",
      lastName: current.lastName || invited.lastName || "",
    }));
  }, [invited]);

  const title = translate("invitation.title");
  const min = { min: MIN_PASSWORD_LENGTH };

  const change = (field: keyof InvitationValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (touched) setErrors(validateInvitation(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateInvitation(values);
    setTouched(true);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0 || !authProvider) return;
    setPending(true);
    try {
      await authProvider.acceptInvitation(inviteCode, {
        firstName: values.firstName,
        lastName: values.lastName,
        password: values.password,
      });
      // react-admin still holds the guest's "not signed in": it checks again before home opens.
      await queryClient.invalidateQueries({ queryKey: ["auth"] });
      navigate("/", { replace: true });
    } catch (error) {
      setServerError(errorMessage(error));
      setPending(false);
    }
  };

  const field = (name: keyof InvitationValues, type: string, autoComplete: string, hint = " ") => (
    <TextField
      label={translate(`invitation.${name}`)}
      type={type}
      name={name}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={change(name)}
      error={Boolean(errors[name])}
      helperText={errors[name] ? translate(errors[name], min) : hint}
      fullWidth
    />
  );

  return (
    <Box sx={{ display: "flex", justifyContent: "center", pt: { xs: 2, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: "100%", maxWidth: 460 }}>
        <Stack spacing={2.5}>
          <Stack direction="row" spacing={1.5} alignItems="center">
            <MailIcon color="primary" />
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
          </Stack>
          {invitation.isPending && <PageLoader />}
          {invitation.error && (
            <Stack spacing={2}>
              <Alert severity="error" role="alert">
                {errorMessage(invitation.error)}
              </Alert>
              <MuiLink component={Link} to="/login" variant="body2">
                {translate("invitation.goToLogin")}
              </MuiLink>
            </Stack>
          )}
          {invitation.data && (
            <Box component="form" noValidate onSubmit={submit} aria-label={title}>
              <Stack spacing={2.5}>
                <Typography>
                  {translate("invitation.intro", { account: invitation.data.accountName, product: PRODUCT_NAME })}
                </Typography>
                <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2 }}>
                  <Typography component="dt" color="text.secondary">
                    {translate("invitation.account")}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }} data-testid="invitation-account">
                    {invitation.data.accountName}
                  </Typography>
                  <Typography component="dt" color="text.secondary">
                    {translate("invitation.email")}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }} data-testid="invitation-email">
                    {invitation.data.email}
                  </Typography>
                  <Typography component="dt" color="text.secondary">
                    {translate("invitation.role")}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }} data-testid="invitation-role">
                    {translate(`roles.${invitation.data.role}`)}
                  </Typography>
                </Box>
                {serverError && (
                  <Alert severity="error" role="alert">
                    {serverError}
                  </Alert>
                )}
                {field("firstName", "text", "given-name")}
                {field("lastName", "text", "family-name")}
                {field("password", "password", "new-password", translate("invitation.passwordHelp", min))}
                {field("confirmPassword", "password", "new-password")}
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={pending}
                  startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
                >
                  {translate("invitation.submit")}
                </Button>
              </Stack>
            </Box>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
