import { Alert } from "@mui/material";
import { useWatch } from "react-hook-form";
import {
  BooleanInput,
  DateTimeInput,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  TextInput,
  maxLength,
  required,
  useTranslate,
} from "react-admin";
import { discountEffect, discountProblems } from "../../api/discountRules";
import { PLAN_CURRENCY } from "../../api/plans";
import { DISCOUNT_KINDS, type DiscountCreate } from "../../api/resources";
import { formatMoney } from "../shared/money";
import { formProblems, normalizeDiscount } from "./discountRules";
import { DISCOUNT_DESCRIPTION_MAX_LENGTH } from "../../api/rules";

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
  const off =
    "percent" in effect.off
      ? translate("resources.discounts.effect.percent", { percent: effect.off.percent })
      : translate("resources.discounts.effect.amount", { amount: formatMoney(effect.off.amount, effect.off.currency) });
  return (
    <Alert severity={effect.appliesToNoPlan ? "warning" : "info"} sx={{ mb: 2, width: "100%" }}>
      {translate("resources.discounts.effect.body", { off })}
      {effect.appliesToNoPlan && ` ${translate("resources.discounts.effect.noPlan", { currency: PLAN_CURRENCY })}`}
    </Alert>
  );
}

/** The discount form. Amounts are in minor units (cents), as on the wire. */
export function DiscountFields() {
  return (
    <>
      <TextInput source="code" validate={required()} parse={(value: string) => value.toUpperCase()} />
      <TextInput
        source="description"
        validate={maxLength(DISCOUNT_DESCRIPTION_MAX_LENGTH)}
        helperText="resources.discounts.descriptionHelp"
        fullWidth
      />
      <SelectInput
        source="kind"
        choices={DISCOUNT_KINDS.map((kind) => ({ id: kind, name: `resources.discounts.kinds.${kind}` }))}
        validate={required()}
      />
      <FormDataConsumer<DiscountCreate>>
        {({ formData }) =>
          formData.kind === "amount" ? (
            <>
              <NumberInput source="amountOff" helperText="resources.discounts.amountHelp" min={1} />
              <SelectInput source="currency" choices={CURRENCIES} />
            </>
          ) : (
            <NumberInput source="percentOff" min={1} max={100} />
          )
        }
      </FormDataConsumer>
      <DiscountEffectNote />
      <DateTimeInput source="validFrom" />
      <DateTimeInput source="validTo" />
      <NumberInput source="redemptionLimit" min={1} helperText="resources.discounts.limitHelp" />
      <BooleanInput source="active" />
    </>
  );
}
