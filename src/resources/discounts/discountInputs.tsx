import { Alert } from "@mui/material";
import { useWatch } from "react-hook-form";
import { FormDataConsumer, SelectInput, TextInput, useTranslate } from "react-admin";
import { discountEffect, discountProblems } from "../../api/discountRules";
import { PLAN_CURRENCY } from "../../api/plans";
import type { DiscountCreate } from "../../api/resources";
import { formatMoney, toMajorText } from "../shared/money";
import { formProblems, hasEnded, normalizeDiscount } from "./discountRules";
import { ContractInput } from "../shared/ContractInput";

const CURRENCIES = ["USD", "EUR", "GBP"].map((code) => ({ id: code, name: code }));

/** Record-level validation: each problem on its field (react-admin form `validate`). */
export const validateDiscount = (values: Partial<DiscountCreate>) => formProblems(values);

/**
 * What the code does, as it is applied (discountEffect, the rule the price follows), from the
 * form's values as they are typed: a description cannot promise more than this says.
 */
export function DiscountEffectNote() {
  const translate = useTranslate();
  const values = useWatch<DiscountCreate>();
  const discount = normalizeDiscount(values as Partial<DiscountCreate>);
  const problems = discountProblems(discount);
  if (problems.kind || problems.percentOff || problems.amountOff || problems.currency) return null;
  const effect = discountEffect(discount as DiscountCreate);
  const ended = hasEnded(values.validTo, Date.now());
  const off =
    "percent" in effect.off
      ? translate("resources.discounts.effect.percent", { percent: effect.off.percent })
      : translate("resources.discounts.effect.amount", { amount: formatMoney(effect.off.amount, effect.off.currency) });
  return (
    <Alert severity={effect.appliesToNoPlan || ended ? "warning" : "info"} sx={{ mb: 2, width: "100%" }}>
      {translate("resources.discounts.effect.body", { off })}
      {effect.appliesToNoPlan && ` ${translate("resources.discounts.effect.noPlan", { currency: PLAN_CURRENCY })}`}
      {ended && ` ${translate("resources.discounts.effect.ended")}`}
    </Alert>
  );
}

/**
 * The amount off as a person writes it in the code's currency ("10.50"), like a refund's amount;
 * the form keeps the record's minor units until it is typed in (normalizeDiscount converts).
 */
function AmountOffInput() {
  const translate = useTranslate();
  const currency = (useWatch<DiscountCreate>({ name: "currency" }) as string | null | undefined) || PLAN_CURRENCY;
  return (
    <TextInput
      source="amountOff"
      format={(value: unknown) => (typeof value === "number" ? toMajorText(value, currency) : String(value ?? ""))}
      helperText={translate("resources.discounts.amountHelp", { currency, example: toMajorText(1050, currency) })}
      slotProps={{ htmlInput: { inputMode: "decimal" } }}
    />
  );
}

/** The discount form. */
export function DiscountFields() {
  return (
    <>
      <ContractInput resource="discounts" source="code" parse={(value: string) => value.toUpperCase()} />
      <ContractInput
        resource="discounts"
        source="description"
        helperText="resources.discounts.descriptionHelp"
        fullWidth
      />
      <ContractInput resource="discounts" source="kind" />
      <FormDataConsumer<DiscountCreate>>
        {({ formData }) =>
          formData.kind === "amount" ? (
            <>
              <AmountOffInput />
              <SelectInput source="currency" choices={CURRENCIES} />
            </>
          ) : (
            <ContractInput resource="discounts" source="percentOff" min={1} max={100} />
          )
        }
      </FormDataConsumer>
      <DiscountEffectNote />
      <ContractInput resource="discounts" source="validFrom" />
      <ContractInput resource="discounts" source="validTo" />
      <ContractInput resource="discounts" source="redemptionLimit" helperText="resources.discounts.limitHelp" min={1} />
      <ContractInput resource="discounts" source="active" />
    </>
  );
}
