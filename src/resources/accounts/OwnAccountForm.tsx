import { useState } from "react";
import { Stack } from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Form, ResourceContextProvider, SaveButton, useDataProvider, useNotify, useTranslate } from "react-admin";
import type { Account, OwnAccountUpdate } from "../../api/resources";
import type { ConsoleDataProvider } from "../../dataProvider";
import { classifySaveError, fieldErrorsOf, KEEP_EDITS } from "../shared/concurrency";
import { UnsavedChangesGuard, useWarnOnLeave } from "../shared/UnsavedChangesGuard";
import { ForgetSavedEdits } from "../shared/VersionedEdit";
import { OwnerInput } from "./accountInputs";
import { ContractInput } from "../shared/ContractInput";
import { useGraceRefusal } from "../../access/useGraceRefusal";
import { ConflictAlert } from "../shared/ConflictAlert";
import { GraceNote } from "../shared/GraceNote";

/**
 * The account owner's form on their own account (change log: "Account owner: change account
 * owner and name"): PUT /api/account with the version read, the same 409 rule as every form.
 */
export function OwnAccountForm({ account }: { account: Account }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const warnOnLeave = useWarnOnLeave();
  const [conflict, setConflict] = useState(false);
  // The account as the service saved it (a name trimmed): the form's new starting point.
  const [saved, setSaved] = useState<Account | null>(null);
  const refused = useGraceRefusal("PUT /api/account");

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["accounts"] });

  const update = useMutation({
    mutationFn: (values: OwnAccountUpdate) => dataProvider.updateOwnAccount(values),
    onSuccess: async (account) => {
      setConflict(false);
      setSaved(account);
      notify("resources.shared.saved", { type: "success" });
      await refresh();
    },
    onError: (error) => {
      const failure = classifySaveError(error, translate("app.errors.generic"));
      // Field errors show under their fields (react-admin's notice says the form is invalid).
      if (failure.kind === "validation") return;
      if (failure.kind === "conflict") setConflict(true);
      notify(failure.kind === "conflict" ? "resources.shared.conflict.title" : failure.message, {
        type: failure.kind === "conflict" ? "warning" : "error",
      });
    },
  });

  const save = async (values: Record<string, unknown>) => {
    try {
      await update.mutateAsync({
        version: Number(values.version),
        name: String(values.name ?? ""),
        ownerId: String(values.ownerId ?? ""),
      });
      return undefined;
    } catch (error) {
      return fieldErrorsOf(error) ?? undefined;
    }
  };

  return (
    <ResourceContextProvider value="accounts">
      <Form
        record={account}
        onSubmit={save}
        warnWhenUnsavedChanges={warnOnLeave}
        resetOptions={KEEP_EDITS}
        disabled={refused !== null}
      >
        <UnsavedChangesGuard />
        <ForgetSavedEdits saved={saved} />
        <Stack spacing={1} sx={{ maxWidth: 520 }}>
          {conflict && <ConflictAlert reload={refresh} onReloaded={() => setConflict(false)} />}
          <ContractInput resource="accounts" source="name" fullWidth />
          <OwnerInput accountId={account.id} />
          <div>{refused === null ? <SaveButton /> : <GraceNote reason={refused} />}</div>
        </Stack>
      </Form>
    </ResourceContextProvider>
  );
}
