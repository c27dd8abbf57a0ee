import { useState } from "react";
import { Button, Chip } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import ToggleIcon from "@mui/icons-material/ToggleOnOutlined";
import { BulkDeleteWithConfirmButton, DataTable, useGetOne, useTranslate } from "react-admin";
import type { Discount } from "../../api/resources";
import { CreateDialog, EditDialog } from "../shared/FormDialog";
import { yesNoKey } from "../shared/fields";
import { ContractFacets } from "../shared/contractFacets";
import { formatMoney } from "../shared/money";
import { ListAside, ResourceList } from "../shared/ResourceList";
import { ServerExportButton } from "../shared/ServerExportButton";
import { isDiscountRedeemable } from "../shared/status";
import { DiscountFields, validateDiscount } from "./discountInputs";
import { normalizeDiscount } from "./discountRules";
import { CONTRACTS } from "../../api/contract";
import { editedFieldsOf } from "../../api/contract/declare";
import { onlyFields } from "../shared/editableFields";
import { contractColumns, dayColumn, hiddenColumnsOf } from "../shared/contractColumns";
import { opensInPlace } from "../shared/rowOpener";

const onlyEditable = onlyFields(editedFieldsOf(CONTRACTS.discounts!));
const toWire = (data: Record<string, unknown>) => normalizeDiscount(onlyEditable(data));

function DiscountListAside() {
  return (
    <ListAside>
      <ContractFacets resource="discounts" icons={{ active: <ToggleIcon /> }} />
    </ListAside>
  );
}

function DiscountValue({ discount }: { discount: Discount }) {
  if (discount.kind === "percent") return <>{`${discount.percentOff ?? 0}%`}</>;
  return <>{formatMoney(discount.amountOff ?? 0, discount.currency ?? "USD")}</>;
}

function DiscountEditDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const { data } = useGetOne<Discount>("discounts", { id: id ?? "" }, { enabled: id !== null });
  return (
    <EditDialog
      resource="discounts"
      id={id}
      write="PUT /api/discounts/{id}"
      title={translate("resources.discounts.editTitle", { code: data?.code ?? "" })}
      onClose={onClose}
      transform={toWire}
      validate={validateDiscount}
    >
      <DiscountFields />
    </EditDialog>
  );
}

/** /discounts (super admin): discount codes, created and edited in dialogs. */
export default function DiscountList() {
  const translate = useTranslate();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const now = new Date();
  return (
    <>
      <ResourceList
        resource="discounts"
        title="screens.discounts"
        subtitle={translate("resources.discounts.subtitle")}
        headerActions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {translate("resources.discounts.create")}
          </Button>
        }
        aside={<DiscountListAside />}
      >
        <DataTable
          rowClick={opensInPlace(setEditing)}
          hiddenColumns={hiddenColumnsOf("discounts")}
          bulkActionButtons={
            <>
              <ServerExportButton selection />
              <BulkDeleteWithConfirmButton mutationMode="pessimistic" />
            </>
          }
        >
          {contractColumns<Discount>("discounts", {
            code: { render: (record) => <strong>{record.code}</strong> },
            percentOff: {
              label: "resources.discounts.fields.value",
              render: (record) => <DiscountValue discount={record} />,
            },
            validFrom: dayColumn("validFrom"),
            validTo: dayColumn("validTo"),
            redemptionCount: {
              render: (record) =>
                translate("resources.discounts.redemptions", {
                  count: record.redemptionCount,
                  limit: record.redemptionLimit ?? translate("resources.discounts.unlimited"),
                }),
            },
            active: {
              render: (record) => {
                const live = isDiscountRedeemable(record, now);
                return (
                  <Chip
                    size="small"
                    color={live ? "success" : "default"}
                    variant={live ? "filled" : "outlined"}
                    label={translate(yesNoKey(record.active))}
                  />
                );
              },
            },
            createdAt: dayColumn("createdAt"),
          })}
        </DataTable>
      </ResourceList>
      <CreateDialog
        resource="discounts"
        open={creating}
        title={translate("resources.discounts.createTitle")}
        onClose={() => setCreating(false)}
        defaultValues={{ kind: "percent", percentOff: 10, active: true, currency: "USD" }}
        transform={(data: Record<string, unknown>) => normalizeDiscount(data)}
        validate={validateDiscount}
      >
        <DiscountFields />
      </CreateDialog>
      <DiscountEditDialog id={editing} onClose={() => setEditing(null)} />
    </>
  );
}
