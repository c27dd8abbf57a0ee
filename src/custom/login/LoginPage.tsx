import { useState, useSyncExternalStore } from "react";
import { useForm, type Resolver } from "react-hook-form";
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
import LockIcon from "@mui/icons-material/LockOutlined";
import { Link, Navigate, useLocation, useNavigate } from "react-router-dom";
import { PRODUCT_NAME } from "../../config";
import { translate } from "../../i18n/translate";
import { GuestLayout } from "../layout/GuestLayout";
import type { ConsoleAuthProvider } from "../../authProvider/authProvider";
import { validateLogin, type LoginValues } from "./loginForm";
import { errorMessage } from "../errorMessage";

interface LoginPageProps {
  authProvider: Pick<ConsoleAuthProvider, "login" | "subscribe" | "isSignedIn">;
}

/** The pure checks of loginForm.ts, as react-hook-form's resolver (messages are i18n keys). */
const resolver: Resolver<LoginValues> = async (values) => {
  const found = validateLogin(values);
  const errors = Object.fromEntries(
    Object.entries(found).map(([field, message]) => [field, { type: "validate", message }]),
  );
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** Where react-admin's guard meant to go before it sent the visitor here. */
const nextPath = (state: unknown): string => {
  const next = (state as { nextPathname?: unknown } | null)?.nextPathname;
  return typeof next === "string" && next.startsWith("/") && next !== "/login" ? next : "/";
};

/**
 * Sign-in (spec §2, guests only). It renders outside <Admin> so that /login loads no react-admin
 * code; errors from the service are shown as it words them, and the typed email is kept.
 */
export default function LoginPage({ authProvider }: LoginPageProps) {
  const signedIn = useSyncExternalStore(authProvider.subscribe, authProvider.isSignedIn);
  const location = useLocation();
  const navigate = useNavigate();
  // react-hook-form (react-admin's form library) without react-admin, which /login does not load.
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ defaultValues: { email: "", password: "" }, resolver });
  const [serverError, setServerError] = useState<string | null>(null);

  if (signedIn && !isSubmitting) return <Navigate to={nextPath(location.state)} replace />;

  const submit = handleSubmit(async ({ email, password }) => {
    setServerError(null);
    try {
      await authProvider.login({ email: email.trim(), password });
      navigate(nextPath(location.state), { replace: true });
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });
  const { ref: emailRef, ...emailField } = register("email");
  const { ref: passwordRef, ...passwordField } = register("password");

  const title = translate("login.title", { product: PRODUCT_NAME });
  return (
    <GuestLayout>
      <Box sx={{ display: "flex", justifyContent: "center", pt: { xs: 4, sm: 10 } }}>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: "100%", maxWidth: 420 }}>
          <Box component="form" noValidate onSubmit={submit} aria-label={title}>
            <Stack spacing={2.5}>
              <Stack direction="row" spacing={1.5} alignItems="center">
                <LockIcon color="primary" />
                <Typography variant="h5" component="h1">
                  {title}
                </Typography>
              </Stack>
              {serverError && (
                <Alert severity="error" role="alert">
                  {serverError}
                </Alert>
              )}
              <TextField
                label={translate("login.email")}
                type="email"
                autoComplete="username"
                autoFocus
                inputRef={emailRef}
                {...emailField}
                error={Boolean(errors.email)}
                helperText={errors.email?.message ? translate(errors.email.message) : " "}
                fullWidth
              />
              <TextField
                label={translate("login.password")}
                type="password"
                autoComplete="current-password"
                inputRef={passwordRef}
                {...passwordField}
                error={Boolean(errors.password)}
                helperText={errors.password?.message ? translate(errors.password.message) : " "}
                fullWidth
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={isSubmitting}
                startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {translate("login.submit")}
              </Button>
              <Stack direction="row" justifyContent="space-between">
                <MuiLink component={Link} to="/forgot-password" variant="body2">
                  {translate("login.forgotPassword")}
                </MuiLink>
                <MuiLink component={Link} to="/register" variant="body2">
                  {translate("login.register")}
                </MuiLink>
              </Stack>
            </Stack>
          </Box>
        </Paper>
      </Box>
    </GuestLayout>
  );
}
