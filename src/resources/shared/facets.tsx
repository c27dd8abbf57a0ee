import type { ReactElement } from "react";
import { startOfDay, startOfYear, subDays } from "date-fns";
import AccessTimeIcon from "@mui/icons-material/AccessTime";
import LabelIcon from "@mui/icons-material/LabelOutlined";
import { FilterList, FilterListItem, useTranslate } from "react-admin";
import { statusLabelKey } from "./status";

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
          <FilterListItem
            key={String(option)}
            label={translate(key, { _: optionLabel ? key : String(option) })}
            value={{ [source]: option }}
          />
        );
      })}
    </FilterList>
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
      <FilterListItem label="resources.shared.facets.today" value={range(today)} />
      <FilterListItem label="resources.shared.facets.last7Days" value={range(subDays(today, 6))} />
      <FilterListItem label="resources.shared.facets.last30Days" value={range(subDays(today, 29))} />
      <FilterListItem label="resources.shared.facets.thisYear" value={range(startOfYear(today))} />
      <FilterListItem label="resources.shared.facets.olderThan30Days" value={range(undefined, subDays(today, 30))} />
    </FilterList>
  );
}
