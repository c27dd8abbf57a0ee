import { useEffect, useState, type KeyboardEvent } from "react";
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Divider,
  Skeleton,
  Stack,
  Typography,
} from "@mui/material";
import LockIcon from "@mui/icons-material/LockOutlined";
import DiscountIcon from "@mui/icons-material/LocalOfferOutlined";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { TextInput, useDataProvider, useTranslate, type TranslateFunction } from "react-admin";
import { discountEffect } from "../../api/discountRules";
import { normalizeDiscountCode, planOf, type PlanId, type SubscriptionQuote } from "../../api/plans";
import type { PlanInterval } from "../../api/resources";
import type { ConsoleDataProvider } from "../../dataProvider";
import { formatMoney } from "../../resources/shared/money";
import { errorMessage } from "../errorMessage";
import { formatDate } from "../format";
import { checkoutRefusalsOf, discountCodeProblem, type SubscriptionFormValues } from "./subscriptionForm";
import { RetryAlert } from "../status/RetryAlert";

const keepText = (value: string) => value;

const quoteKey = (plan: PlanId, interval: PlanInterval, code: string) => ["subscription-quote", plan, interval, code];

/**
 * What the quote's code does, as the service applies it (discountEffect): its percentage or amount
 * off this first payment only — the first month or the first year, as billed — never the code's
 * description, which may promise otherwise.
 */
function effectOf(quote: SubscriptionQuote, translate: TranslateFunction): string {
  const effect = discountEffect({ ...quote.discount!, currency: quote.currency }, quote.interval, quote.currency);
  const off =
    "percent" in effect.off
      ? translate("subscription.start.percent", { percent: effect.off.percent })
      : formatMoney(effect.off.amount, effect.off.currency);
  return translate(`subscription.start.offFirst.${effect.first}`, { off });
}

/** The price from the service (GET plans is never hard-coded): the plan, the code's part, what is due today. */
function PriceLines({ quote }: { quote: SubscriptionQuote }) {
  const translate = useTranslate();
  const money = (minor: number) => formatMoney(minor, quote.currency);
  const interval = translate(quote.interval === "year" ? "subscription.start.yearly" : "subscription.start.monthly");
  const per = translate(
    quote.interval === "year" ? "subscription.start.perYearShort" : "subscription.start.perMonthShort",
  );
  return (
    <Stack spacing={1} data-testid="price-lines">
      <Stack direction="row" justifyContent="space-between" spacing={2}>
        <Typography>{translate("subscription.start.line", { plan: quote.planName, interval })}</Typography>
        <Typography>{money(quote.price)}</Typography>
      </Stack>
      {quote.discount && (
        <Stack direction="row" justifyContent="space-between" spacing={2} sx={{ color: "success.main" }}>
          <Typography>{translate("subscription.start.discount", { code: quote.discount.code })}</Typography>
          <Typography>−{money(quote.discount.amountOff)}</Typography>
        </Stack>
      )}
      <Divider />
      <Stack direction="row" justifyContent="space-between" alignItems="baseline" spacing={2}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate("subscription.start.total")}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="total">
          {money(quote.total)}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {translate(quote.discount ? "subscription.start.renewsFull" : "subscription.start.renews", {
          date: formatDate(quote.periodEnd),
          price: `${money(quote.price)} ${per}`,
        })}
      </Typography>
    </Stack>
  );
}

/** The code field: Apply asks the service for the price with it; a refusal shows under the field. */
function DiscountCode({ plan, interval }: { plan: PlanId; interval: PlanInterval }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const { getValues, setValue, setError, clearErrors } = useFormContext<SubscriptionFormValues>();
  const appliedCode = useWatch<SubscriptionFormValues, "appliedCode">({ name: "appliedCode" });
  // Not form input: whether the service is being asked.
  const [applying, setApplying] = useState(false);

  const apply = async () => {
    const code = normalizeDiscountCode(getValues("discountCode"));
    if (code === "") return;
    const problem = discountCodeProblem(code);
    if (problem !== null) {
      setError("discountCode", { type: "validate", message: problem });
      return;
    }
    clearErrors("discountCode");
    setApplying(true);
    try {
      await queryClient.fetchQuery({
        queryKey: quoteKey(plan, interval, code),
        queryFn: ({ signal }) => dataProvider.quoteSubscription({ plan, interval, discountCode: code }, signal),
      });
      setValue("discountCode", code);
      setValue("appliedCode", code);
    } catch (error) {
      const message = checkoutRefusalsOf(error)?.discountCode ?? errorMessage(error, translate("app.errors.generic"));
      setError("discountCode", { type: "server", message });
    } finally {
      setApplying(false);
    }
  };

  const remove = () => {
    setValue("appliedCode", "");
    setValue("discountCode", "");
    clearErrors("discountCode");
  };

  if (appliedCode !== "") {
    const quote = queryClient.getQueryData<SubscriptionQuote>(quoteKey(plan, interval, appliedCode));
    const label = quote?.discount
      ? translate("subscription.start.applied", { code: appliedCode, effect: effectOf(quote, translate) })
      : appliedCode;
    return (
      <Chip
        icon={<DiscountIcon />}
        color="success"
        variant="outlined"
        label={label}
        onDelete={remove}
        // What it shows, then what Delete does to it (label in name, WCAG 2.5.3: the code alone left out its effect).
        aria-label={`${label}, ${translate("subscription.start.remove")}`}
        sx={{ alignSelf: "flex-start", maxWidth: "100%" }}
      />
    );
  }
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <TextInput
        source="discountCode"
        label="subscription.start.discountCode"
        helperText={false}
        // Emptied, it stays "" (react-admin's own parse makes it null, which the code's rules cannot read).
        parse={keepText}
        onKeyDown={(event: KeyboardEvent) => {
          // Enter applies the code rather than paying.
          if (event.key === "Enter") {
            event.preventDefault();
            void apply();
          }
        }}
        sx={{ flex: 1, m: 0 }}
      />
      <Button variant="outlined" onClick={() => void apply()} disabled={applying} sx={{ height: 48, minWidth: 84 }}>
        {applying ? (
          <CircularProgress size={18} aria-label={translate("subscription.start.apply")} />
        ) : (
          translate("subscription.start.apply")
        )}
      </Button>
    </Stack>
  );
}

/** The right-hand summary: the price, the code, the provider's refusal in place, and Pay. */
export function OrderSummary({ refusal }: { refusal: string | null }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { setValue, setError } = useFormContext<SubscriptionFormValues>();
  const { isSubmitting } = useFormState();
  const [plan, interval, appliedCode] = useWatch<SubscriptionFormValues, ["plan", "interval", "appliedCode"]>({
    name: ["plan", "interval", "appliedCode"],
  });

  const quote = useQuery({
    queryKey: quoteKey(plan, interval, appliedCode),
    queryFn: ({ signal }) =>
      dataProvider.quoteSubscription({ plan, interval, discountCode: appliedCode === "" ? null : appliedCode }, signal),
    retry: false,
  });

  // Another plan or interval can make an applied code stop applying (an amount in another
  // currency): the code is dropped and the field says why.
  const codeRefusal = checkoutRefusalsOf(quote.error)?.discountCode;
  useEffect(() => {
    if (codeRefusal === undefined || appliedCode === "") return;
    setValue("appliedCode", "");
    setError("discountCode", { type: "server", message: codeRefusal });
  }, [codeRefusal, appliedCode, setValue, setError]);

  const total = quote.data ? formatMoney(quote.data.total, quote.data.currency) : null;
  return (
    <Card variant="outlined" sx={{ position: { md: "sticky" }, top: { md: 88 } }}>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {translate("subscription.start.summary")}
          </Typography>
          {quote.data ? (
            <PriceLines quote={quote.data} />
          ) : quote.isError && codeRefusal === undefined ? (
            <RetryAlert retryLabel={translate("subscription.start.retry")} onRetry={quote.refetch}>
              {translate("subscription.start.priceFailed")}
            </RetryAlert>
          ) : (
            <Box aria-busy="true">
              <Skeleton width="80%" />
              <Skeleton width="60%" />
              <Skeleton height={48} />
            </Box>
          )}
          <DiscountCode plan={plan} interval={interval} />
          {refusal && (
            <Alert severity="error" role="alert">
              <AlertTitle>{translate("subscription.start.refused")}</AlertTitle>
              {refusal}
            </Alert>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={isSubmitting || !quote.data}
            aria-busy={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : <LockIcon />}
          >
            {total ? translate("subscription.start.pay", { total }) : planOf(plan).name}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
