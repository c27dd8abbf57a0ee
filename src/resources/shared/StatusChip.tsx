import { Chip, type ChipProps } from "@mui/material";
import { useRecordContext, useTranslate } from "react-admin";
import { statusLabelKey, statusTone } from "./status";

/**
 * A status as a coloured chip (status.ts decides the colour). A long label ("Canceled (grace
 * period)") wraps inside its chip rather than widening a narrow list column past its screen.
 */
export function StatusChip({
  status,
  size = "small",
  prefix,
}: {
  status: string;
  size?: ChipProps["size"];
  /** Names what the status is of, where two chips stand side by side ("Subscription: Active"). */
  prefix?: string;
}) {
  const translate = useTranslate();
  const tone = statusTone(status);
  const label = translate(statusLabelKey(status), { _: status });
  return (
    <Chip
      size={size}
      label={prefix ? `${prefix}: ${label}` : label}
      color={tone}
      variant={tone === "default" ? "outlined" : "filled"}
      data-status={status}
      sx={{
        height: "auto",
        minHeight: size === "small" ? 24 : 32,
        "& .MuiChip-label": { whiteSpace: "normal", py: 0.25 },
      }}
    />
  );
}

/** The status chip of the record in context, for DataTable columns. */
export function StatusField({ source = "status" }: { source?: string }) {
  const record = useRecordContext();
  const value = record?.[source];
  return typeof value === "string" ? <StatusChip status={value} /> : null;
}
