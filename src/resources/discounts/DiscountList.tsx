import { lazy } from "react";
import { Button, Chip } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import ToggleIcon from "@mui/icons-material/ToggleOnOutlined";
import { DataTable, useTranslate } from "react-admin";
import type { Discount } from "../../api/resources";
import { yesNoKey } from "../shared/fields";
import { ContractListAside } from "../shared/contractFacets";
import { OnDemand, useDialogOnDemand, useRowDialogOnDemand } from "../shared/dialogOnDemand";
import { formatMoney } from "../shared/money";
import { ResourceList } from "../shared/ResourceList";
import { ExportOrDeleteBulkActions } from "../shared/ServerExportButton";
import { discountStanding } from "../shared/status";
import { contractColumns, dayColumn, hiddenColumnsOf } from "../shared/contractColumns";
import { opensInPlace } from "../shared/rowOpener";

// The dialogs (their forms and rules) load as they are approached (dialogOnDemand.ts), not with the list.
const loadDialogs = () => import("./DiscountDialogs");
const DiscountCreateDialog = lazy(() => loadDialogs().then((module) => ({ default: module.DiscountCreateDialog })));
const DiscountEditDialog = lazy(() => loadDialogs().then((module) => ({ default: module.DiscountEditDialog })));

function DiscountValue({ discount }: { discount: Discount }) {
  if (discount.kind === "percent") return <>{`${discount.percentOff ?? 0}%`}</>;
  return <>{formatMoney(discount.amountOff ?? 0, discount.currency ?? "USD")}</>;
}

/** /discounts (super admin): discount codes, created and edited in dialogs. */
export default function DiscountList() {
  const translate = useTranslate();
  const creating = useDialogOnDemand(loadDialogs);
  const editing = useRowDialogOnDemand(loadDialogs);
  const now = new Date();
  return (
    <>
      <ResourceList
        resource="discounts"
        title="screens.discounts"
        subtitle={translate("resources.discounts.subtitle")}
        headerActions={
          <Button variant="contained" startIcon={<AddIcon />} {...creating.trigger}>
            {translate("resources.discounts.create")}
          </Button>
        }
        aside={<ContractListAside resource="discounts" icons={{ active: <ToggleIcon /> }} />}
      >
        <div {...editing.approach}>
          <DataTable
            rowClick={opensInPlace(editing.open)}
            hiddenColumns={hiddenColumnsOf("discounts")}
            bulkActionButtons={<ExportOrDeleteBulkActions />}
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
              // Switched on but not redeemable says why: expired, not yet valid, used up.
              active: {
                render: (record) => {
                  const standing = discountStanding(record, now);
                  const live = standing === "live";
                  return (
                    <Chip
                      size="small"
                      color={live ? "success" : "default"}
                      variant={live ? "filled" : "outlined"}
                      label={translate(
                        live || standing === "off"
                          ? yesNoKey(record.active)
                          : `resources.discounts.standing.${standing}`,
                      )}
                    />
                  );
                },
              },
              createdAt: dayColumn("createdAt"),
            })}
          </DataTable>
        </div>
      </ResourceList>
      <OnDemand opened={creating.opened}>
        <DiscountCreateDialog open={creating.open} onClose={creating.close} />
      </OnDemand>
      <OnDemand opened={editing.opened}>
        <DiscountEditDialog id={editing.id} onClose={editing.close} />
      </OnDemand>
    </>
  );
}
