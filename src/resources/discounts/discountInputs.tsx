import {
  BooleanInput,
  DateTimeInput,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  TextInput,
  maxLength,
  required,
} from "react-admin";
import { DISCOUNT_KINDS, type DiscountCreate } from "../../api/resources";
import { formProblems } from "./discountRules";
import { DISCOUNT_DESCRIPTION_MAX_LENGTH } from "../../api/rules";

const CURRENCIES = ["USD", "EUR", "GBP"].map((code) => ({ id: code, name: code }));

/** Record-level validation: each problem on its field (react-admin form `validate`). */
export const validateDiscount = (values: Partial<DiscountCreate>) => formProblems(values);

/** The discount form. Amounts are in minor units (cents), as on the wire. */
export function DiscountFields() {
  return (
    <>
      <TextInput source="code" validate={required()} parse={(value: string) => value.toUpperCase()} />
      <TextInput source="description" validate={maxLength(DISCOUNT_DESCRIPTION_MAX_LENGTH)} fullWidth />
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
      <DateTimeInput source="validFrom" />
      <DateTimeInput source="validTo" />
      <NumberInput source="redemptionLimit" min={1} helperText="resources.discounts.limitHelp" />
      <BooleanInput source="active" />
    </>
  );
}
