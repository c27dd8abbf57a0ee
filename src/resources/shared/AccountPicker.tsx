import { useState } from "react";
import { Autocomplete, TextField } from "@mui/material";
import { useGetList } from "react-admin";
import type { Account } from "../../api/resources";

interface AccountPickerProps {
  label: string;
  value: string;
  onChange: (accountId: string) => void;
  error?: string;
}

/** Search an account by name (super admins, outside react-admin forms). */
export function AccountPicker({ label, value, onChange, error }: AccountPickerProps) {
  const [search, setSearch] = useState("");
  const { data = [], isFetching } = useGetList<Account>("accounts", {
    pagination: { page: 1, perPage: 20 },
    sort: { field: "name", order: "ASC" },
    filter: search ? { q: search } : {},
  });
  const selected = data.find((account) => account.id === value) ?? null;
  return (
    <Autocomplete
      options={data}
      value={selected}
      loading={isFetching}
      getOptionLabel={(account) => account.name}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      onChange={(_, account) => onChange(account?.id ?? "")}
      onInputChange={(_, text, reason) => reason === "input" && setSearch(text)}
      filterOptions={(options) => options}
      renderInput={(params) => (
        <TextField {...params} label={label} required error={Boolean(error)} helperText={error || " "} />
      )}
    />
  );
}
