import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { CanAccess } from "react-admin";
import type { Payment, User } from "../../src/api/resources";
import { useCanAccessRecord } from "../../src/access/useCanAccessRecord";
import { ChangeRoleButton } from "../../src/resources/users/userActions";
import { USER_RECORD } from "../fixtures/contract";
import { renderInAdmin } from "./harness/renderInAdmin";

/** A user of the signed-in Admin's and Manager's account (acc-1 in the harness). */
const colleague: User = { ...USER_RECORD, id: "u-9", accountId: "acc-1", role: "User" };

/** Shows "Ready" once canAccess has answered for a page every staff role opens. */
const Ready = () => (
  <CanAccess resource="users" action="list">
    <span>Ready</span>
  </CanAccess>
);

describe("buttons ask authProvider.canAccess with their record", () => {
  it("offers an Admin the change of a colleague's role", async () => {
    renderInAdmin(<ChangeRoleButton user={colleague} />, { role: "Admin" });
    expect(await screen.findByRole("button", { name: "Change role" })).toBeInTheDocument();
  });

  it("does not offer it to a Manager", async () => {
    renderInAdmin(
      <>
        <ChangeRoleButton user={colleague} />
        <Ready />
      </>,
      { role: "Manager" },
    );
    await screen.findByText("Ready");
    expect(screen.queryByRole("button", { name: "Change role" })).not.toBeInTheDocument();
  });

  it("asks again when the record changes: a payment refunded in full offers no refund", async () => {
    const payment = { id: "p-1", status: "succeeded", amount: 4900, refundedAmount: 0 } as Payment;
    function RefundOffer({ record }: { record: Payment }) {
      const { canAccess } = useCanAccessRecord({ resource: "payments", action: "refund", record });
      return <span>{canAccess ? "Refund offered" : "No refund"}</span>;
    }
    const view = renderInAdmin(<RefundOffer record={payment} />, { role: "SuperAdmin" });
    expect(await screen.findByText("Refund offered")).toBeInTheDocument();
    view.rerender(<RefundOffer record={{ ...payment, status: "refunded", refundedAmount: 4900 }} />);
    await waitFor(() => expect(screen.getByText("No refund")).toBeInTheDocument());
  });
});
