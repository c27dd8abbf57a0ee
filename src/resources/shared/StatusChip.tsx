import { Chip } from "@mui/material";
import { useTranslate } from "react-admin";
import { statusLabelKey, statusTone, type StatusWords } from "./status";

/**
 * A status as a coloured chip (status.ts decides the colour). A long label ("Canceled (grace
 * period)") wraps inside its chip rather than widening a narrow list column past its screen.
 */
export function StatusChip({
  status,
  prefix,
  words,
}: {
  status: string;
  /** Whose status words: a subscription record's ("Canceled") or every record's (status.ts). */
  words?: StatusWords;
  /** Names what the status is of, where two chips stand side by side ("Subscription: Active"). */
  prefix?: string;
}) {
  const translate = useTranslate();
  const tone = statusTone(status);
  const label = translate(statusLabelKey(status, words), { _: status });
  return (
    <Chip
      size="small"
      label={prefix ? `${prefix}: ${label}` : label}
      color={tone}
      variant={tone === "default" ? "outlined" : "filled"}
      data-status={status}
      sx={{
        height: "auto",
        minHeight: 24,
        "& .MuiChip-label": { whiteSpace: "normal", py: 0.25 },
      }}
    />
  );
}
