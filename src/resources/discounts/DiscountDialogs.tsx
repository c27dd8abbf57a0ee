import { useGetOne, useTranslate } from "react-admin";
import type { Discount } from "../../api/resources";
import { CONTRACTS } from "../../api/contract";
import { editedFieldsOf } from "../../api/contract/declare";
import { onlyFields } from "../shared/editableFields";
import { CreateDialog, EditDialog } from "../shared/FormDialog";
import { DiscountFields, validateDiscount } from "./discountInputs";
import { normalizeDiscount } from "./discountRules";

const onlyEditable = onlyFields(editedFieldsOf(CONTRACTS.discounts!));
const toWire = (data: Record<string, unknown>) => normalizeDiscount(onlyEditable(data));

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
      defaultValues={{ kind: "percent", percentOff: 10, active: true, currency: "USD" }}
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
