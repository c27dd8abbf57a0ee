import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { HttpError, useDataProvider, useNotify } from "react-admin";
import { useQueryClient } from "@tanstack/react-query";
import type { ApiTest } from "../../api/tests";
import type { ConsoleDataProvider } from "../../dataProvider";
import { saveBlob } from "../download";
import { errorMessage } from "../errorMessage";
import { downloadFileName } from "./testRules";
import { testQueryKey } from "./useTestQuery";

/**
 * The test page's calls to the service and what each tells the user (spec §8): deleting the test,
 * deleting or downloading selected photos, and refetching the test after a change.
 */
export function useTestActions(test: ApiTest, publicView: boolean) {
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [busy, setBusy] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: testQueryKey(test.id, publicView) });

  /** Spec §8: a 401 is "Insufficient permission…", anything else "Error while deleting the test.". */
  const deleteTest = async () => {
    setBusy(true);
    try {
      await dataProvider.deleteTest(test.id);
      notify("testDetail.deleteRule.deleted", { type: "success" });
      navigate("/gallery");
    } catch (error) {
      const status = error instanceof HttpError ? error.status : undefined;
      notify(status === 401 ? "testDetail.deleteRule.unauthorized" : "testDetail.deleteRule.failed", { type: "error" });
    } finally {
      setBusy(false);
    }
  };

  /** One DELETE per photo (spec §7); true when all went. The test is refetched either way. */
  const deletePhotos = async (fileIds: readonly string[]): Promise<boolean> => {
    setBusy(true);
    try {
      await dataProvider.deleteTestFiles(test.id, fileIds);
      notify("testDetail.selection.deleted", { type: "success" });
      return true;
    } catch (error) {
      notify(errorMessage(error), { type: "error" });
      return false;
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  /** The selected photos as {name}-{id}.zip (spec §7). */
  const downloadPhotos = async (fileIds: readonly string[]) => {
    setBusy(true);
    try {
      const { blob } = await dataProvider.downloadTestFiles(test.id, fileIds);
      saveBlob(blob, downloadFileName(test));
    } catch (error) {
      notify(errorMessage(error), { type: "error" });
    } finally {
      setBusy(false);
    }
  };

  return { busy, refresh, deleteTest, deletePhotos, downloadPhotos };
}
