import { Chip } from "@mui/material";
import RecoverIcon from "@mui/icons-material/RestoreFromTrashOutlined";

export { RecoverIcon };
import { useTranslate } from "react-admin";
import { Muted, RecordLink } from "../shared/fields";
import { paths } from "../shared/paths";

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

/** Who deleted a record (or asked for its deletion): a link to them, or "Not recorded" when the log has no one. */
export function DeletedBy({ userId, name }: { userId: string | null; name: string | null }) {
  const translate = useTranslate();
  return userId ? (
    <RecordLink to={paths.user(userId)}>{name}</RecordLink>
  ) : (
    <Muted>{translate("resources.deleted-tests.notRecorded")}</Muted>
  );
}
