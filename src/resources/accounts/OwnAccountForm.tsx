import { useState } from "react";
import { Alert, AlertTitle, Button, Stack } from "@mui/material";
import RefreshIcon from "@mui/icons-material/Refresh";
import { useQueryClient } from "@tanstack/react-query";
import {
  Form,
  ResourceContextProvider,
  SaveButton,
  TextInput,
  maxLength,
  required,
  useDataProvider,
  useNotify,
  useTranslate,
} from "react-admin";
import type { Account } from "../../api/resources";
import type { ConsoleDataProvider } from "../../dataProvider";
import { classifySaveError } from "../shared/concurrency";
import { UnsavedChangesGuard, useWarnOnLeave } from "../shared/UnsavedChangesGuard";
import { OwnerInput } from "./accountInputs";

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

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["accounts"] });

  const save = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.updateOwnAccount({
        version: Number(values.version),
        name: String(values.name ?? ""),
        ownerId: String(values.ownerId ?? ""),
      });
      setConflict(false);
      notify("resources.shared.saved", { type: "success" });
      await refresh();
    } catch (error) {
      const failure = classifySaveError(error, translate("app.errors.generic"));
      if (failure.kind === "validation") return failure.errors;
      if (failure.kind === "conflict") setConflict(true);
      notify(failure.kind === "conflict" ? "resources.shared.conflict.title" : failure.message, {
        type: failure.kind === "conflict" ? "warning" : "error",
      });
    }
    return undefined;
  };

  return (
    <ResourceContextProvider value="accounts">
      <Form
        record={account}
        onSubmit={save}
        warnWhenUnsavedChanges={warnOnLeave}
        resetOptions={{ keepDirtyValues: true }}
      >
        <UnsavedChangesGuard />
        <Stack spacing={1} sx={{ maxWidth: 520 }}>
          {conflict && (
            <Alert
              severity="warning"
              action={
                <Button
                  color="inherit"
                  size="small"
                  startIcon={<RefreshIcon />}
                  onClick={async () => {
                    await refresh();
                    setConflict(false);
                    notify("resources.shared.conflict.reloaded", { type: "info" });
                  }}
                >
                  {translate("resources.shared.conflict.reload")}
                </Button>
              }
            >
              <AlertTitle>{translate("resources.shared.conflict.title")}</AlertTitle>
              {translate("resources.shared.conflict.body")}
            </Alert>
          )}
          <TextInput source="name" validate={[required(), maxLength(120)]} fullWidth />
          <OwnerInput accountId={account.id} />
          <div>
            <SaveButton />
          </div>
        </Stack>
      </Form>
    </ResourceContextProvider>
  );
}
