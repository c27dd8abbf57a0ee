import { Chip } from "@mui/material";
import RecoverIcon from "@mui/icons-material/RestoreFromTrashOutlined";

export { RecoverIcon };
import { useTranslate } from "react-admin";

/** Days left before the purge: a warning colour for the last three. */
export function DaysLeftChip({ days }: { days: number }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={days <= 3 ? "warning" : "default"}
      label={translate("resources.deleted-tests.daysLeft", { smart_count: days })}
    />
  );
}
