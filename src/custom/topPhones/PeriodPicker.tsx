import { ToggleButton, ToggleButtonGroup } from "@mui/material";
import { useTranslate } from "react-admin";
import { PHONE_PERIODS, type PhonePeriod } from "../../api/phones";

/** Last 7/30/90 days, a year, all time: one tap each; on a phone the buttons share the width. */
export function PeriodPicker({ value, onChange }: { value: PhonePeriod; onChange: (period: PhonePeriod) => void }) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      aria-label={translate("topPhones.period")}
      onChange={(_event, next: PhonePeriod | null) => next && onChange(next)}
      sx={{ display: "flex", width: { xs: "100%", sm: "auto" }, mb: 2 }}
    >
      {PHONE_PERIODS.map((period) => (
        <ToggleButton
          key={period}
          value={period}
          sx={{ whiteSpace: "nowrap", flex: { xs: 1, sm: "none" }, px: { xs: 0.5, sm: 1.5 } }}
        >
          {translate(`topPhones.periods.${period}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** A period from the URL, or the default when it names none. */
export const periodOf = (value: unknown, fallback: PhonePeriod): PhonePeriod =>
  PHONE_PERIODS.find((period) => period === value) ?? fallback;
