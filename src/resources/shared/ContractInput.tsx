import { Fragment, type ReactNode } from "react";
import { BooleanInput, DateTimeInput, NumberInput, SelectInput, TextInput } from "react-admin";
import { CONTRACTS } from "../../api/contract";
import { CountryInput } from "./CountryInput";
import { isRequired, validatorsOf } from "./fieldValidators";
import { ReferencePicker } from "./pickers";
import { valueWordsKey } from "./status";

interface ContractInputProps {
  resource: string;
  source: string;
  fullWidth?: boolean;
  helperText?: string;
  /** A message key, where the form names the field otherwise than its resource (My profile). */
  label?: string;
  autoFocus?: boolean;
  /** A number input's bounds for the browser's stepper, where a rule of the form's own sets them (a discount's percent). */
  min?: number;
  max?: number;
  /** How a typed text becomes the value (a code in upper case). */
  parse?: (value: string) => unknown;
  /** A long text on several lines (release notes), at least `minRows`. */
  multiline?: boolean;
  minRows?: number;
}

/**
 * The input of a record's field, drawn from its contract: by the field's type (text, number,
 * yes/no, date, one of its values in their words), a country from the list, a record of the
 * resource it points at (a picker), and checked by its declared limits, as the service checks it.
 */
export function ContractInput({ resource, source, ...input }: ContractInputProps) {
  const contract = CONTRACTS[resource];
  const field = contract?.fields[source];
  if (!contract || !field) throw new Error(`${resource} declares no field ${source}.`);
  const validate = validatorsOf(field);
  const reference = contract.references?.[source];
  if (reference) return <ReferencePicker source={source} reference={reference} validate={validate} {...input} />;
  if (field.limits?.format === "country")
    return <CountryInput source={source} {...input} validate={isRequired(field) ? undefined : []} />;
  switch (field.kind) {
    case "boolean":
      return <BooleanInput source={source} {...input} />;
    case "integer":
      return (
        <NumberInput
          source={source}
          validate={validate}
          min={field.limits?.minimum}
          max={field.limits?.maximum}
          {...input}
        />
      );
    case "date":
      return <DateTimeInput source={source} validate={validate} {...input} />;
    case "oneOf": {
      const choices = (field.values ?? []).map((value) => ({
        id: value,
        name: field.labels ? valueWordsKey(field.labels, value) : value,
      }));
      return <SelectInput source={source} choices={choices} validate={validate} {...input} />;
    }
    default:
      return (
        <TextInput
          source={source}
          type={field.limits?.format === "email" ? "email" : undefined}
          validate={validate}
          {...input}
        />
      );
  }
}

interface ContractInputsProps {
  resource: string;
  /** The fields, in order; by default those the contract's edit form saves (`editable`). */
  fields?: readonly string[];
  /** A field's own input where the contract's is not enough (a picker filtered by the account); null leaves it out. */
  own?: { readonly [source: string]: ReactNode };
  /** Fields drawn full width (names, emails, addresses). */
  wide?: readonly string[];
}

/** A form's inputs, one per field, each drawn from the contract unless the form has its own. */
export function ContractInputs({ resource, fields, own = {}, wide = [] }: ContractInputsProps) {
  const names = fields ?? CONTRACTS[resource]?.editable ?? [];
  return (
    <>
      {names.map((source) =>
        source in own ? (
          <Fragment key={source}>{own[source]}</Fragment>
        ) : (
          <ContractInput
            key={source}
            resource={resource}
            source={source}
            fullWidth={wide.includes(source) || undefined}
          />
        ),
      )}
    </>
  );
}
