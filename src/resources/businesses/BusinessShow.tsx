import { Box, Link as MuiLink, Stack } from "@mui/material";
import { useTranslate } from "react-admin";
import { Link } from "react-router-dom";
import type { Business } from "../../api/resources";
import { DeviceTable } from "../devices/DeviceTable";
import { UserTable } from "../users/UserTable";
import { countryName } from "../shared/country";
import { DeleteRecordButton } from "../shared/DeleteRecordButton";
import { contractEdit } from "../shared/editableFields";
import { DateTimeText, FieldGrid } from "../shared/fields";
import { PageHeader } from "../shared/PageHeader";
import { paths } from "../shared/paths";
import { RecordShow } from "../shared/RecordState";
import { Section } from "../shared/Section";
import { VersionedEditInSection } from "../shared/VersionedEdit";
import { BusinessFields } from "./businessInputs";
import { useCanAccessRecord } from "../../access/useCanAccessRecord";

/** /accounts/business/:businessId (spec §2: all): a location, its people and its devices. */
export default function BusinessShowPage() {
  return <RecordShow<Business> resource="businesses">{(business) => <BusinessView business={business} />}</RecordShow>;
}

function BusinessView({ business }: { business: Business }) {
  const translate = useTranslate();
  const { canAccess: mayEdit } = useCanAccessRecord({ resource: "businesses", action: "edit", record: business });
  const label = (field: string) => translate(`resources.businesses.fields.${field}`);

  return (
    <Box sx={{ py: 2 }}>
      <PageHeader
        title={business.name}
        subtitle={
          <>
            {translate("resources.businesses.locationOf")}{" "}
            <MuiLink component={Link} to={paths.account(business.accountId)}>
              {business.accountName}
            </MuiLink>
          </>
        }
        actions={
          <DeleteRecordButton
            resource="businesses"
            record={business}
            label="resources.businesses.delete"
            confirmTitle="resources.businesses.delete"
            confirmContent="resources.businesses.deleteBody"
            redirect={paths.account(business.accountId)}
          />
        }
      />
      <Stack spacing={2}>
        <Section title={translate("resources.businesses.details")}>
          {mayEdit ? (
            <VersionedEditInSection {...contractEdit("businesses")} id={business.id}>
              <BusinessFields accountId={business.accountId} />
            </VersionedEditInSection>
          ) : (
            <FieldGrid
              items={[
                { label: label("ownerName"), value: business.ownerName },
                { label: label("address"), value: business.address },
                { label: label("city"), value: business.city },
                { label: label("country"), value: countryName(business.country) },
                { label: label("phone"), value: business.phone },
                { label: label("createdAt"), value: <DateTimeText value={business.createdAt} dateOnly /> },
              ]}
            />
          )}
        </Section>
        <Section title={translate("resources.accounts.tabs.users")}>
          <UserTable target="businessId" />
        </Section>
        <Section title={translate("resources.accounts.tabs.devices")}>
          <DeviceTable target="businessId" />
        </Section>
      </Stack>
    </Box>
  );
}
