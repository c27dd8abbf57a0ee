import { Chip, type ChipProps } from "@mui/material";
import { useRecordContext, useTranslate } from "react-admin";
import { statusLabelKey, statusTone } from "./status";

/** A status as a coloured chip (status.ts decides the colour). */
export function StatusChip({ status, size = "small" }: { status: string; size?: ChipProps["size"] }) {
  const translate = useTranslate();
  const tone = statusTone(status);
  return (
    <Chip
      size={size}
      label={translate(statusLabelKey(status), { _: status })}
      color={tone}
      variant={tone === "default" ? "outlined" : "filled"}
      data-status={status}
    />
  );
}

/** The status chip of the record in context, for DataTable columns. */
export function StatusField({ source = "status" }: { source?: string }) {
  const record = useRecordContext();
  const value = record?.[source];
  return typeof value === "string" ? <StatusChip status={value} /> : null;
}
