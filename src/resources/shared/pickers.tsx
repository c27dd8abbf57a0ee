import { TextField } from "@mui/material";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import {
  AutocompleteInput,
  ReferenceInput,
  required,
  useResourceContext,
  useTranslate,
  type AutocompleteInputProps,
  type SortPayload,
} from "react-admin";
import { CONTRACTS } from "../../api/contract";
import { pickerSortOf } from "../../api/contract/declare";

/** The service's lists search by `q`. */
const byName = (q: string) => ({ q });

/** The order a picker asks for: one its target declares (react-admin's default, id DESC, otherwise). */
export function pickerSort(reference: string): SortPayload | undefined {
  const contract = CONTRACTS[reference];
  return contract ? pickerSortOf(contract) : undefined;
}

interface ReferencePickerProps extends Omit<AutocompleteInputProps, "source" | "filter"> {
  source: string;
  /** The resource whose records are picked. */
  reference: string;
  /** Always sent with the search (the account's users, the account's businesses). */
  filter?: Record<string, unknown>;
  /** In a list's filter bar: always shown. */
  alwaysOn?: boolean;
}

/**
 * A record of another resource, searched by name: react-admin's ReferenceInput and
 * AutocompleteInput, in an order the target's list declares and showing its representation.
 */
export function ReferencePicker({ source, reference, filter, alwaysOn: _alwaysOn, ...input }: ReferencePickerProps) {
  // A disabled form (a read-only account's: VersionedEdit) disables it too: react-admin's
  // AutocompleteInput reads only its own prop, where its TextInput follows the form.
  const { disabled: formDisabled } = useFormState();
  return (
    <ReferenceInput source={source} reference={reference} filter={filter} sort={pickerSort(reference)}>
      <AutocompleteInput filterToQuery={byName} {...input} disabled={input.disabled || formDisabled} />
    </ReferenceInput>
  );
}

interface AccountPickerProps {
  /** Default "accountId". */
  source?: string;
  /** An i18n key; default the resource's label for the field. */
  label?: string;
  /** When the person picks another account (not when the form loads a record). */
  onChange?: AutocompleteInputProps["onChange"];
}

/** Search an account by name (super admins): required. */
export function AccountPicker({ source = "accountId", label, onChange }: AccountPickerProps) {
  return (
    <ReferencePicker
      source={source}
      reference="accounts"
      label={label}
      validate={required()}
      fullWidth
      onChange={onChange}
    />
  );
}

/** The record's account: picking another clears a business of the one before (not a record's load). */
export function AccountOfBusinessPicker() {
  const { setValue } = useFormContext();
  return <AccountPicker onChange={() => setValue("businessId", null, { shouldDirty: true })} />;
}

/**
 * One of the form's account's businesses (its location), optional: it follows the account the
 * form holds (AccountOfBusinessPicker). Until an account is chosen there is none to offer.
 */
export function BusinessPicker() {
  const translate = useTranslate();
  const resource = useResourceContext();
  const accountId = useWatch({ name: "accountId" }) as string | null | undefined;
  if (!accountId) {
    return (
      <TextField
        label={translate(`resources.${resource}.fields.businessId`)}
        helperText={translate("resources.shared.businessAfterAccount")}
        disabled
        fullWidth
        // An instruction, not a disabled value: readable (text.secondary), not greyed as the field is
        // (MUI's disabled grey is 2.67:1 on white, WCAG 1.4.3 asks 4.5:1).
        slotProps={{ formHelperText: { sx: { "&.Mui-disabled": { color: "text.secondary" } } } }}
      />
    );
  }
  return (
    <ReferencePicker key={accountId} source="businessId" reference="businesses" filter={{ accountId }} fullWidth />
  );
}
