import { useNavigate } from "react-router-dom";
import { useTranslate } from "react-admin";
import { CreateDialog } from "../shared/FormDialog";
import { paths } from "../shared/paths";
import { AccountFields } from "./accountInputs";

/**
 * The accounts list's Create dialog, in a module of its own: its form, inputs and save code load
 * when someone opens it, not with the list (issue 13: the first rows need none of it).
 */
export default function AccountCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <CreateDialog
      resource="accounts"
      open={open}
      title={translate("resources.accounts.createTitle")}
      onClose={onClose}
      onCreated={(record) => navigate(paths.account(String(record.id)))}
    >
      <AccountFields />
    </CreateDialog>
  );
}
