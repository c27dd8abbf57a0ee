import { useMemo } from "react";
import { useFormState } from "react-hook-form";
import {
  AutocompleteInput,
  required,
  useRecordContext,
  type AutocompleteInputProps,
  type Validator,
} from "react-admin";
import { isCountryCode } from "../../api/countries";
import { countryName } from "./country";
import { countryChoices, type CountryChoice } from "./countryChoices";

const CHOOSE = "resources.shared.countryRequired";

/**
 * A country picked from the list (a typed name that matches none is no value). A code stored
 * before the picker, which the list does not hold, stays a choice of its own record's form, so
 * the record can still be saved with it.
 */
const fromTheList =
  (kept: string | undefined): Validator =>
  (value: unknown) =>
    typeof value === "string" && (isCountryCode(value) || (value !== "" && value === kept)) ? undefined : CHOOSE;

interface CountryInputProps extends Omit<AutocompleteInputProps, "source" | "choices"> {
  /** Default "country". */
  source?: string;
}

/**
 * The one country picker (issue 26): every ISO 3166-1 alpha-2 code by its English name, searched
 * as typed; the form holds the code, as the service stores it. /register, New account, an
 * account's and a business's forms and Add a new location use it.
 */
export function CountryInput({ source = "country", validate, ...input }: CountryInputProps) {
  const record = useRecordContext();
  const stored = typeof record?.[source] === "string" ? (record[source] as string) : undefined;
  const kept = stored && !isCountryCode(stored) ? stored : undefined;
  const choices = useMemo<CountryChoice[]>(
    () => (kept ? [{ id: kept, name: countryName(kept) }, ...countryChoices()] : countryChoices()),
    [kept],
  );
  const check = useMemo(() => validate ?? [required(CHOOSE), fromTheList(kept)], [validate, kept]);
  // A disabled form disables it too (react-admin's AutocompleteInput reads only its own prop).
  const { disabled: formDisabled } = useFormState();
  return (
    <AutocompleteInput
      source={source}
      choices={choices}
      validate={check}
      {...input}
      disabled={input.disabled || formDisabled}
    />
  );
}
