import { useState } from "react";
import { Box, Link as MuiLink, Stack, Typography } from "@mui/material";
import PersonAddIcon from "@mui/icons-material/PersonAddAltOutlined";
import { TextInput, useDataProvider, useTranslate } from "react-admin";
import { Link } from "react-router-dom";
import type { RegisterRequest } from "../../api/register";
import { PERSON_NAME_MAX_LENGTH, RECORD_NAME_MAX_LENGTH } from "../../api/rules";
import { PRODUCT_NAME } from "../../config";
import type { ConsoleDataProvider } from "../../dataProvider";
import { EmailSent } from "../guestForms/EmailSent";
import { GuestCard } from "../guestForms/GuestCard";
import { NewPasswordInputs } from "../guestForms/NewPasswordInputs";
import { useEmailedRequest } from "../guestForms/useEmailedRequest";
import { atMost, country, emailAddress, filled, optionalPhone, refusalOf } from "../guestForms/validators";
import { CountryInput } from "../../resources/shared/CountryInput";
import { likelyCountry } from "../../resources/shared/countryChoices";
import { toRegisterRequest } from "./registerRequest";
import { BusyButton } from "../guestForms/BusyButton";
import { Refusal } from "../guestForms/Refusal";
import { GuestForm } from "../guestForms/GuestForm";

const checks = {
  firstName: [filled("register.firstNameRequired"), atMost(PERSON_NAME_MAX_LENGTH)],
  lastName: [filled("register.lastNameRequired"), atMost(PERSON_NAME_MAX_LENGTH)],
  email: [emailAddress],
  accountName: [filled("register.accountNameRequired"), atMost(RECORD_NAME_MAX_LENGTH)],
  country: [country],
  phone: [optionalPhone],
};

/** Two inputs side by side from tablet width, one under the other on a phone. */
const pairSx = { display: "grid", columnGap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } } as const;

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="overline" component="h2" color="text.secondary" sx={{ lineHeight: 2 }}>
      {children}
    </Typography>
  );
}

/**
 * /register (spec §2, guests only): the new account and its owner in a react-admin form, checked
 * with the service's rules before it is sent; then "Check your email", the same answer whether or
 * not the address is in use. "Change the address" brings the form back as it was.
 */
export function RegisterForm() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [values, setValues] = useState<Record<string, unknown>>(() => ({
    country: likelyCountry(typeof navigator === "undefined" ? [] : navigator.languages),
  }));
  const { request, sentTo, send, again } = useEmailedRequest((body: RegisterRequest) => dataProvider.register(body));

  const submit = (typed: Record<string, unknown>) => {
    setValues(typed);
    const body = toRegisterRequest(typed);
    // A field the service refused shows under that field; anything else above the form.
    return send(body, body.email);
  };

  if (sentTo !== null) {
    return <EmailSent words="register" email={sentTo} onAgain={again} />;
  }

  const refusal = refusalOf(request.error);
  const busy = request.isPending;
  return (
    <GuestCard icon={<PersonAddIcon color="primary" />} title={translate("register.title")} maxWidth={620}>
      <Typography color="text.secondary">{translate("register.intro", { product: PRODUCT_NAME })}</Typography>
      <GuestForm defaultValues={values} onSubmit={submit}>
        <Stack spacing={1}>
          <Refusal message={refusal} />
          <SectionTitle>{translate("register.aboutYou")}</SectionTitle>
          <Box sx={pairSx}>
            <TextInput
              source="firstName"
              label="register.firstName"
              autoComplete="given-name"
              validate={checks.firstName}
              fullWidth
            />
            <TextInput
              source="lastName"
              label="register.lastName"
              autoComplete="family-name"
              validate={checks.lastName}
              fullWidth
            />
          </Box>
          <TextInput
            source="email"
            label="register.email"
            type="email"
            autoComplete="email"
            helperText="register.emailHelp"
            validate={checks.email}
            fullWidth
          />
          <Box sx={pairSx}>
            <NewPasswordInputs words="register" />
          </Box>
          <SectionTitle>{translate("register.yourBusiness")}</SectionTitle>
          <TextInput
            source="accountName"
            label="register.accountName"
            autoComplete="organization"
            helperText="register.accountNameHelp"
            validate={checks.accountName}
            fullWidth
          />
          <Box sx={pairSx}>
            <CountryInput label="register.country" validate={checks.country} fullWidth />
            <TextInput
              source="phone"
              label="register.phone"
              type="tel"
              autoComplete="tel"
              validate={checks.phone}
              fullWidth
            />
          </Box>
          <BusyButton type="submit" busy={busy}>
            {translate("register.submit")}
          </BusyButton>
          <Typography variant="body2" sx={{ pt: 1, textAlign: "center" }}>
            {translate("register.haveAccount")}{" "}
            <MuiLink component={Link} to="/login">
              {translate("register.signIn")}
            </MuiLink>
          </Typography>
        </Stack>
      </GuestForm>
    </GuestCard>
  );
}
