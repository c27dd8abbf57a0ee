import { Alert, Card, CardContent, Stack, Typography } from "@mui/material";
import LockIcon from "@mui/icons-material/LockOutlined";
import { TextInput, useTranslate } from "react-admin";
import {
  formatCvcInput,
  formatExpiryInput,
  formatNumberInput,
  validateCardNumber,
  validateCvc,
  validateExpiry,
  validateName,
} from "./subscriptionForm";

/** Digits on a phone's keypad. */
const NUMERIC = { htmlInput: { inputMode: "numeric" as const } };

/** The card, checked as it is typed with the service's own rules; nothing of it is kept but brand and last 4. */
export function CardFields({ testMode }: { testMode: boolean }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {translate("subscription.start.cardTitle")}
          </Typography>
          {testMode && (
            <Alert severity="info" variant="outlined" sx={{ mb: 1 }}>
              {translate("subscription.start.testMode")}
            </Alert>
          )}
          <TextInput
            source="card.name"
            label="subscription.start.cardName"
            validate={validateName}
            autoComplete="cc-name"
            fullWidth
          />
          <TextInput
            source="card.number"
            label="subscription.start.cardNumber"
            validate={validateCardNumber}
            parse={formatNumberInput}
            autoComplete="cc-number"
            slotProps={NUMERIC}
            placeholder="1234 1234 1234 1234"
            fullWidth
          />
          <Stack direction="row" spacing={2}>
            <TextInput
              source="card.expiry"
              label="subscription.start.cardExpiry"
              validate={(value: unknown) => validateExpiry(value)}
              parse={formatExpiryInput}
              autoComplete="cc-exp"
              slotProps={NUMERIC}
              placeholder="MM/YY"
              sx={{ flex: 1 }}
            />
            <TextInput
              source="card.cvc"
              label="subscription.start.cardCvc"
              validate={validateCvc}
              parse={formatCvcInput}
              autoComplete="cc-csc"
              slotProps={NUMERIC}
              placeholder="123"
              sx={{ flex: 1 }}
            />
          </Stack>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ color: "text.secondary" }}>
            <LockIcon fontSize="small" />
            <Typography variant="body2">{translate("subscription.start.kept")}</Typography>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
