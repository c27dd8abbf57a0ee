import type { ReactElement } from "react";
import { startOfDay, startOfYear, subDays } from "date-fns";
import AccessTimeIcon from "@mui/icons-material/AccessTime";
import LabelIcon from "@mui/icons-material/LabelOutlined";
import CancelIcon from "@mui/icons-material/CancelOutlined";
import { IconButton } from "@mui/material";
import { FilterList, FilterListItem, useListFilterContext, useTranslate } from "react-admin";
import { yesNoKey } from "./fields";
import { statusLabelKey } from "./status";

/** Whether a facet's value is in the list's filter (react-admin's own test: every defined key matches). */
const isChosen = (value: Record<string, unknown>, filters: Record<string, unknown>) =>
  Object.entries(value).every(([key, wanted]) => wanted === undefined || filters[key] === wanted);

/**
 * react-admin's FilterListItem, with a name on the button that clears a chosen facet: react-admin's
 * own has none, and screen readers announced a bare "button" (axe: critical button-name).
 */
function FacetItem({ label, value }: { label: string; value: Record<string, unknown> }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListFilterContext();
  const clear = () => setFilters(Object.fromEntries(Object.entries(filterValues).filter(([key]) => !(key in value))));
  return (
    <FilterListItem
      label={label}
      value={value}
      secondaryAction={
        isChosen(value, filterValues) ? (
          <IconButton size="small" aria-label={translate("ra.action.remove_filter")} onClick={clear}>
            <CancelIcon />
          </IconButton>
        ) : null
      }
    />
  );
}

interface OptionsFacetProps {
  label: string;
  source: string;
  options: readonly (string | number | boolean)[];
  /** The i18n key of an option's label; default: its status label. */
  optionLabel?: (option: string | number | boolean) => string;
  icon?: ReactElement;
}

/** One FilterList of exclusive options (status, role, type…): click to filter, click again to clear. */
export function OptionsFacet({ label, source, options, optionLabel, icon = <LabelIcon /> }: OptionsFacetProps) {
  const translate = useTranslate();
  return (
    <FilterList label={label} icon={icon}>
      {options.map((option) => {
        // An optionLabel may be a key or plain text (a device type's name): untranslated, it shows as is.
        const key = optionLabel ? optionLabel(option) : statusLabelKey(String(option));
        return (
          <FacetItem
            key={String(option)}
            label={translate(key, { _: optionLabel ? key : String(option) })}
            value={{ [source]: option }}
          />
        );
      })}
    </FilterList>
  );
}

/** A yes-or-no field: Yes, then No. */
export function YesNoFacet({ label, source, icon }: { label: string; source: string; icon?: ReactElement }) {
  return (
    <OptionsFacet
      label={label}
      source={source}
      options={[true, false]}
      optionLabel={(value) => yesNoKey(Boolean(value))}
      icon={icon}
    />
  );
}

/** Relative date ranges on a date field, as {field}_gte / {field}_lte filters (stable within a day). */
export function DateFacet({ label, source, now = new Date() }: { label: string; source: string; now?: Date }) {
  const today = startOfDay(now);
  const iso = (date: Date) => date.toISOString();
  const range = (gte?: Date, lte?: Date) => ({
    [`${source}_gte`]: gte ? iso(gte) : undefined,
    [`${source}_lte`]: lte ? iso(lte) : undefined,
  });
  return (
    <FilterList label={label} icon={<AccessTimeIcon />}>
      <FacetItem label="resources.shared.facets.today" value={range(today)} />
      <FacetItem label="resources.shared.facets.last7Days" value={range(subDays(today, 6))} />
      <FacetItem label="resources.shared.facets.last30Days" value={range(subDays(today, 29))} />
      <FacetItem label="resources.shared.facets.thisYear" value={range(startOfYear(today))} />
      <FacetItem label="resources.shared.facets.olderThan30Days" value={range(undefined, subDays(today, 30))} />
    </FilterList>
  );
}
