import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { Box, Paper, Stack } from "@mui/material";
import LockIcon from "@mui/icons-material/LockOutlined";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { PRODUCT_NAME } from "../../config";
import { translate } from "../../i18n/translate";
import { GuestLayout } from "../layout/GuestLayout";
import type { ConsoleAuthProvider } from "../../authProvider/authProvider";
import { LoginField } from "./LoginField";
import { validateLogin, type LoginErrors } from "./loginForm";
import { errorMessage } from "../errorMessage";
import { BusyButton } from "../guestForms/BusyButton";
import { IconHeading } from "../guestForms/IconHeading";
import { Refusal } from "../guestForms/Refusal";
import { forgetHeldSubmit, loginFormLive } from "./earlySubmit";
import { GuestLink } from "../guestForms/GuestLink";

interface LoginPageProps {
  authProvider: Pick<ConsoleAuthProvider, "login" | "subscribe" | "isSignedIn">;
}

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
  // Also the snapshot of the prerendered page (custom/login/prerender.tsx), signed out there.
  const signedIn = useSyncExternalStore(authProvider.subscribe, authProvider.isSignedIn, authProvider.isSignedIn);
  const location = useLocation();
  const navigate = useNavigate();
  // The browser's form holds what is typed (its fields are uncontrolled, read on submit): /login
  // loads neither react-admin nor its form library. Only the answers live here.
  const [errors, setErrors] = useState<LoginErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Focused once the page is live, not by the HTML: the prerendered page's field, focused before
    // its code ran, would show its caret over the label MUI only floats on a focus it has seen.
    emailRef.current?.focus();
    // A Sign in pressed before the prerendered page came to life is sent now (earlySubmit.ts).
    loginFormLive();
  }, []);

  if (signedIn && !pending) return <Navigate to={nextPath(location.state)} replace />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    forgetHeldSubmit();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    const found = validateLogin({ email, password });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      await authProvider.login({ email: email.trim(), password });
      navigate(nextPath(location.state), { replace: true });
    } catch (error) {
      setServerError(errorMessage(error));
      setPending(false);
    }
  };

  const title = translate("login.title", { product: PRODUCT_NAME });
  return (
    <GuestLayout>
      <Box sx={{ display: "flex", justifyContent: "center", pt: { xs: 4, sm: 10 } }}>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: "100%", maxWidth: 420 }}>
          {/* POST: were it ever sent the browser's way (the page not live yet), no password goes into an address. */}
          <Box component="form" method="post" noValidate onSubmit={submit} aria-label={title}>
            <Stack spacing={2.5}>
              <IconHeading icon={<LockIcon color="primary" />}>{title}</IconHeading>
              <Refusal message={serverError} />
              <LoginField
                label={translate("login.email")}
                type="email"
                autoComplete="username"
                inputRef={emailRef}
                name="email"
                error={Boolean(errors.email)}
                helperText={errors.email ? translate(errors.email) : " "}
              />
              <LoginField
                label={translate("login.password")}
                type="password"
                autoComplete="current-password"
                name="password"
                error={Boolean(errors.password)}
                helperText={errors.password ? translate(errors.password) : " "}
              />
              <BusyButton type="submit" busy={pending}>
                {translate("login.submit")}
              </BusyButton>
              <Stack direction="row" justifyContent="space-between">
                <GuestLink to="/forgot-password" label="login.forgotPassword" />
                <GuestLink to="/register" label="login.register" />
              </Stack>
            </Stack>
          </Box>
        </Paper>
      </Box>
    </GuestLayout>
  );
}
