import { useGetOne, useTranslate } from "react-admin";
import { PLAN_CURRENCY } from "../../api/plans";
import type { Discount } from "../../api/resources";
import { contractEdit } from "../shared/editableFields";
import { CreateDialog, EditDialog } from "../shared/FormDialog";
import { DiscountFields, validateDiscount } from "./discountInputs";
import { normalizeDiscount } from "./discountRules";

const edit = contractEdit("discounts");
const toWire = (data: Record<string, unknown>) => normalizeDiscount(edit.transform(data));

/** "New discount", from the discounts list and the command palette (which then opens the list). */
export function DiscountCreateDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: () => void;
}) {
  const translate = useTranslate();
  return (
    <CreateDialog
      resource="discounts"
      open={open}
      title={translate("resources.discounts.createTitle")}
      onClose={onClose}
      // The plans' currency: a code in another is taken by no plan (the form says so if it is changed).
      defaultValues={{ kind: "percent", percentOff: 10, active: true, currency: PLAN_CURRENCY }}
      transform={(data: Record<string, unknown>) => normalizeDiscount(data)}
      validate={validateDiscount}
      onCreated={onCreated}
    >
      <DiscountFields />
    </CreateDialog>
  );
}

/** A discount opened from its row, edited over the list. */
export function DiscountEditDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const { data } = useGetOne<Discount>("discounts", { id: id ?? "" }, { enabled: id !== null });
  return (
    <EditDialog
      {...edit}
      id={id}
      title={translate("resources.discounts.editTitle", { code: data?.code ?? "" })}
      onClose={onClose}
      transform={toWire}
      validate={validateDiscount}
    >
      <DiscountFields />
    </EditDialog>
  );
}
