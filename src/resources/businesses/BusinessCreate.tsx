import { Box, Card, CardContent } from "@mui/material";
import { SaveButton, Toolbar, useTranslate } from "react-admin";
import { useNavigate } from "react-router-dom";
import { CreateDialog, CreateForm } from "../shared/FormDialog";
import { PageHeader } from "../shared/PageHeader";
import { paths } from "../shared/paths";
import { useActor } from "../shared/useActor";
import { BusinessFields } from "./businessInputs";
import { useGraceRefusal } from "../../access/useGraceRefusal";
import { GraceNote } from "../shared/GraceNote";

/** A super admin adds a location to the account whose page they are on. */
export function BusinessCreateDialog({
  open,
  accountId,
  onClose,
}: {
  open: boolean;
  accountId: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <CreateDialog
      resource="businesses"
      open={open}
      title={translate("resources.businesses.addTitle")}
      onClose={onClose}
      defaultValues={{ accountId }}
      onCreated={(record) => navigate(paths.business(String(record.id)))}
    >
      <BusinessFields accountId={accountId} />
    </CreateDialog>
  );
}

/** /add-new-location (spec §2: admin only): a new business of the admin's own account. */
export default function AddNewLocationPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const actor = useActor();
  const refused = useGraceRefusal("POST /api/businesses");
  return (
    <Box sx={{ py: 2, maxWidth: 720 }}>
      <PageHeader
        title={translate("resources.businesses.addTitle")}
        subtitle={translate("resources.businesses.addSubtitle")}
      />
      <Card variant="outlined">
        <CardContent sx={{ p: 0 }}>
          <CreateForm
            resource="businesses"
            success="resources.businesses.added"
            transform={(data: Record<string, unknown>) => ({ ...data, accountId: actor.accountId })}
            onCreated={(record) => navigate(paths.business(String(record.id)))}
            disabled={refused !== null}
            toolbar={
              <Toolbar>
                {refused === null ? (
                  <SaveButton label="resources.businesses.add" alwaysEnable />
                ) : (
                  <GraceNote reason={refused} />
                )}
              </Toolbar>
            }
          >
            <BusinessFields accountId={actor.accountId} />
          </CreateForm>
        </CardContent>
      </Card>
    </Box>
  );
}
