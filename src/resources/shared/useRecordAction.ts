import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import type { ConsoleDataProvider } from "../../dataProvider";
import { classifySaveError } from "./concurrency";

export interface ActionOptions {
  /** The toast on success (an i18n key) and its arguments. */
  success: string;
  successArgs?: Record<string, unknown>;
  /** The resources whose cached lists and records the action changes. */
  invalidate: string[];
}

/**
 * Runs a record action (disable, mark lost, cancel, refund…) through the dataProvider, says how it
 * went, and refreshes what it changed. A 409 says the record changed and refreshes it, so the next
 * try is against the version on screen.
 */
export function useRecordAction() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);

  const run = async <T>(call: (dataProvider: ConsoleDataProvider) => Promise<T>, options: ActionOptions) => {
    setRunning(true);
    const refresh = () =>
      Promise.all(options.invalidate.map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })));
    try {
      const result = await call(dataProvider);
      notify(options.success, { type: "success", messageArgs: options.successArgs });
      await refresh();
      return result;
    } catch (error) {
      const failure = classifySaveError(error, translate("app.errors.generic"));
      if (failure.kind === "conflict") {
        notify(`${translate("resources.shared.conflict.title")} ${translate("resources.shared.conflict.reloaded")}`, {
          type: "warning",
        });
        await refresh();
      } else {
        notify(failure.message, { type: "error" });
      }
      return undefined;
    } finally {
      setRunning(false);
    }
  };

  return { run, running };
}
