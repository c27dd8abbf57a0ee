import { useEffect } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Button, InputAdornment, MenuItem, Stack, TextField } from "@mui/material";
import SearchIcon from "@mui/icons-material/Search";
import { useTranslate } from "react-admin";
import { DEVICE_TYPES, type GalleryFilter } from "../../api/tests";

interface GalleryFiltersProps {
  filter: GalleryFilter;
  accounts: { id: string; name: string }[];
  onChange: (filter: GalleryFilter) => void;
}

const SEARCH_DELAY_MS = 400;

/** Text search, device type, account (when there is more than one) and a date range. */
export function GalleryFilters({ filter, accounts, onChange }: GalleryFiltersProps) {
  const translate = useTranslate();
  // The search box is a form field (react-hook-form, react-admin's form library); typing waits for
  // a pause before it searches, and the URL stays the source of truth.
  const { control, reset } = useForm({ defaultValues: { q: filter.q ?? "" } });
  const text = useWatch({ control, name: "q" });
  useEffect(() => reset({ q: filter.q ?? "" }), [filter.q, reset]);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === (filter.q ?? "")) return;
    const timer = setTimeout(() => onChange({ ...filter, q: trimmed || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filter, onChange]);

  const hasFilters = Object.values(filter).some((value) => value !== undefined && value !== "");

  return (
    <Stack direction={{ xs: "column", md: "row" }} spacing={1.5} useFlexGap flexWrap="wrap" role="search">
      <Controller
        name="q"
        control={control}
        render={({ field }) => (
          <TextField
            {...field}
            fullWidth={false}
            size="small"
            label={translate("gallery.search")}
            sx={{ minWidth: 280, flex: 1 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      />
      <TextField
        fullWidth={false}
        select
        size="small"
        label={translate("gallery.deviceType")}
        value={filter.deviceType ?? ""}
        onChange={(event) =>
          onChange({ ...filter, deviceType: event.target.value === "" ? undefined : Number(event.target.value) })
        }
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">{translate("gallery.allDeviceTypes")}</MenuItem>
        {Object.entries(DEVICE_TYPES).map(([code, name]) => (
          <MenuItem key={code} value={Number(code)}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      {accounts.length > 1 && (
        <TextField
          fullWidth={false}
          select
          size="small"
          label={translate("gallery.account")}
          value={filter.accountId ?? ""}
          onChange={(event) => onChange({ ...filter, accountId: event.target.value || undefined })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{translate("gallery.allAccounts")}</MenuItem>
          {accounts.map((account) => (
            <MenuItem key={account.id} value={account.id}>
              {account.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        fullWidth={false}
        size="small"
        type="date"
        label={translate("gallery.from")}
        value={filter.from ?? ""}
        onChange={(event) => onChange({ ...filter, from: event.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filter.to } }}
      />
      <TextField
        fullWidth={false}
        size="small"
        type="date"
        label={translate("gallery.to")}
        value={filter.to ?? ""}
        onChange={(event) => onChange({ ...filter, to: event.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filter.from } }}
      />
      {hasFilters && (
        <Button
          onClick={() => {
            reset({ q: "" });
            onChange({});
          }}
        >
          {translate("gallery.clearFilters")}
        </Button>
      )}
    </Stack>
  );
}
