import { useEffect, type ReactNode } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Button, InputAdornment, MenuItem, Stack, TextField } from "@mui/material";
import SearchIcon from "@mui/icons-material/Search";
import { useQuery } from "@tanstack/react-query";
import { useDataProvider, useListContext, useTranslate } from "react-admin";
import { DEVICE_TYPES, type GalleryFilter } from "../../api/tests";
import type { ConsoleDataProvider } from "../../dataProvider";

const SEARCH_DELAY_MS = 400;

interface ChoiceFilterProps {
  label: string;
  /** The first option: no filter. */
  allLabel: string;
  value: string | number | undefined;
  /** The value chosen, "" for all. */
  onChange: (chosen: string) => void;
  /** The options, as MenuItems. */
  children: ReactNode;
}

/** A filter that is one of a list of options, or all of them. */
function ChoiceFilter({ label, allLabel, value, onChange, children }: ChoiceFilterProps) {
  return (
    <TextField
      fullWidth={false}
      select
      size="small"
      label={label}
      value={value ?? ""}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {children}
    </TextField>
  );
}

interface DayFieldProps {
  label: string;
  /** YYYY-MM-DD, or none. */
  value: string | undefined;
  /** The other end of the range, so the browser's picker keeps the range the right way round. */
  min?: string;
  max?: string;
  /** Why no test can be in the range, under the field. */
  problem?: string;
  onChange: (day: string | undefined) => void;
}

/** One end of the date range: a day, or none once cleared. */
function DayField({ label, value, min, max, problem, onChange }: DayFieldProps) {
  return (
    <TextField
      fullWidth={false}
      size="small"
      type="date"
      label={label}
      value={value ?? ""}
      onChange={(event) => onChange(event.target.value || undefined)}
      error={problem !== undefined}
      helperText={problem}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max } }}
      // Both ends one width; a problem under one wraps there rather than widening the field.
      sx={{ width: { md: 200 } }}
    />
  );
}

/** Text search, device type, account (when there is more than one) and a date range: the list's filters. */
export function GalleryFilters() {
  const translate = useTranslate();
  const { filterValues, setFilters: onChange } = useListContext();
  const filter = filterValues as GalleryFilter;
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const accounts =
    useQuery({
      queryKey: ["gallery-facets"],
      queryFn: () => dataProvider.getGalleryFacets(),
      staleTime: 60_000,
    }).data?.accounts ?? [];
  // The search box is a form field (react-hook-form, react-admin's form library); typing waits for
  // a pause before it searches, and the list's filters stay the source of truth.
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
      <ChoiceFilter
        label={translate("gallery.deviceType")}
        allLabel={translate("gallery.allDeviceTypes")}
        value={filter.deviceType}
        onChange={(chosen) => onChange({ ...filter, deviceType: chosen === "" ? undefined : Number(chosen) })}
      >
        {Object.entries(DEVICE_TYPES).map(([code, name]) => (
          <MenuItem key={code} value={Number(code)}>
            {name}
          </MenuItem>
        ))}
      </ChoiceFilter>
      {accounts.length > 1 && (
        <ChoiceFilter
          label={translate("gallery.account")}
          allLabel={translate("gallery.allAccounts")}
          value={filter.accountId}
          onChange={(chosen) => onChange({ ...filter, accountId: chosen || undefined })}
        >
          {accounts.map((account) => (
            <MenuItem key={account.id} value={account.id}>
              {account.name}
            </MenuItem>
          ))}
        </ChoiceFilter>
      )}
      <DayField
        label={translate("gallery.from")}
        value={filter.from}
        max={filter.to}
        onChange={(from) => onChange({ ...filter, from })}
      />
      <DayField
        label={translate("gallery.to")}
        value={filter.to}
        min={filter.from}
        // Typed (or from an address) the wrong way round: the empty list says why.
        problem={filter.from && filter.to && filter.to < filter.from ? translate("gallery.toBeforeFrom") : undefined}
        onChange={(to) => onChange({ ...filter, to })}
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
