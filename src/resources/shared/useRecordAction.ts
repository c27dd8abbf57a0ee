import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import type { ConsoleDataProvider } from "../../dataProvider";
import { classifySaveError, fieldErrorsOf } from "./concurrency";

export interface RecordActionOptions<TVariables, TResult> {
  /**
   * The resource the action writes: its cached records and lists are fetched again after the
   * action, and after a 409, so the page shows (and the next try sends) the current version.
   */
  resource: string;
  /** Other resources whose cached data the action changes. */
  alsoChanges?: string[];
  /** The call: one of the dataProvider's custom methods (docs/api-resources.md actions). */
  action: (dataProvider: ConsoleDataProvider, variables: TVariables) => Promise<TResult>;
  /** The toast on success (an i18n key, or its words made from the call's variables) and its arguments. */
  success: string | ((variables: TVariables, result: TResult) => string);
  successArgs?: (variables: TVariables, result: TResult) => Record<string, unknown>;
  /**
   * The fields of the react-admin form that runs the action: a 400/422 naming only these shows
   * under them (see `submit`) instead of as a toast.
   */
  fields?: readonly string[];
  onSuccess?: (result: TResult, variables: TVariables) => void;
  /** Any refusal reloads, and a 409 (a scheduled action no longer pending) is said as any refusal is. */
  refusalsReload?: boolean;
}

/**
 * A record action (change role, disable, mark lost, rename, cancel, refund…) as a react-query
 * mutation over the dataProvider's custom method: says how it went and reloads what it changed.
 * A 409 says the record changed and reloads it, so the next try is against the version on screen.
 *
 * `submit` is for a react-admin form's onSubmit: it resolves with the service's field errors (a
 * 400/422 `errors` map), which react-admin shows under their fields, or undefined.
 */
export function useRecordAction<TVariables = void, TResult = unknown>(
  options: RecordActionOptions<TVariables, TResult>,
) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { resource, alsoChanges = [], action, success, successArgs, fields, onSuccess, refusalsReload } = options;

  const reload = () =>
    Promise.all([resource, ...alsoChanges].map((name) => queryClient.invalidateQueries({ queryKey: [name] })));

  const mutation = useMutation<TResult, unknown, TVariables>({
    mutationFn: (variables) => action(dataProvider, variables),
    onSuccess: async (result, variables) => {
      const said = typeof success === "function" ? success(variables, result) : success;
      notify(said, { type: "success", messageArgs: successArgs?.(variables, result) });
      onSuccess?.(result, variables);
      await reload();
    },
    onError: async (error) => {
      const failure = classifySaveError(error, translate("app.errors.generic"));
      if (failure.kind === "conflict" && !refusalsReload) {
        notify(`${translate("resources.shared.conflict.title")} ${translate("resources.shared.conflict.reloaded")}`, {
          type: "warning",
        });
        await reload();
        return;
      }
      const onFields =
        failure.kind === "validation" && fields && Object.keys(failure.errors).every((field) => fields.includes(field));
      // Field errors a form shows under its fields; react-admin's own notice says the form is invalid.
      if (!onFields) notify(failure.message, { type: "error" });
      if (refusalsReload) await reload();
    },
  });

  const submit = async (variables: TVariables): Promise<Record<string, string> | undefined> => {
    try {
      await mutation.mutateAsync(variables);
      return undefined;
    } catch (error) {
      return fieldErrorsOf(error) ?? undefined;
    }
  };

  /** Runs the action; resolves when it is over (a failure has been said and handled already). */
  const run = (variables: TVariables): Promise<TResult | undefined> =>
    mutation.mutateAsync(variables).catch(() => undefined);

  return { ...mutation, run, submit };
}
