import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { HttpError, useDataProvider, useDelete, useNotify } from "react-admin";
import { useQueryClient } from "@tanstack/react-query";
import type { ApiTest } from "../../api/tests";
import type { ConsoleDataProvider } from "../../dataProvider";
import { TESTS_RESOURCE, testRecordMeta } from "../../dataProvider/testRecordsProvider";
import { saveBlob } from "../download";
import { errorMessage } from "../errorMessage";
import { downloadFileName } from "./testRules";

/** react-admin's cache key of a test's getOne (TestDetailPage's record). */
export const testRecordKey = (id: ApiTest["id"], publicView: boolean) =>
  [TESTS_RESOURCE, "getOne", { id: String(id), meta: testRecordMeta(publicView) }] as const;

/**
 * The test page's calls to the service and what each tells the user (spec §8): deleting the test
 * (react-admin's delete), deleting or downloading selected photos (custom calls, not CRUD), and
 * refetching the test after a change.
 */
export function useTestActions(test: ApiTest, publicView: boolean) {
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [deleteOne, { isPending: deleting }] = useDelete<ApiTest>();
  // Not a field value: whether a photo call is on its way.
  const [photosBusy, setPhotosBusy] = useState(false);

  /** Refetches react-admin's cached record of this test (useGetOne's key, TestDetailPage). */
  const refresh = () => queryClient.invalidateQueries({ queryKey: testRecordKey(test.id, publicView) });

  /** Spec §8: a 401 is "Insufficient permission…", anything else "Error while deleting the test.". */
  const deleteTest = () =>
    deleteOne(
      TESTS_RESOURCE,
      { id: test.id, previousData: test },
      {
        mutationMode: "pessimistic",
        onSuccess: () => {
          notify("testDetail.deleteRule.deleted", { type: "success" });
          navigate("/gallery");
        },
        onError: (error) => {
          const status = error instanceof HttpError ? error.status : undefined;
          notify(status === 401 ? "testDetail.deleteRule.unauthorized" : "testDetail.deleteRule.failed", {
            type: "error",
          });
        },
      },
    );

  /** One DELETE per photo (spec §7); true when all went. The test is refetched either way. */
  const deletePhotos = async (fileIds: readonly string[]): Promise<boolean> => {
    setPhotosBusy(true);
    try {
      await dataProvider.deleteTestFiles(test.id, fileIds);
      notify("testDetail.selection.deleted", { type: "success" });
      return true;
    } catch (error) {
      notify(errorMessage(error), { type: "error" });
      return false;
    } finally {
      setPhotosBusy(false);
      await refresh();
    }
  };

  /** The selected photos as {name}-{id}.zip (spec §7). */
  const downloadPhotos = async (fileIds: readonly string[]) => {
    setPhotosBusy(true);
    try {
      const { blob } = await dataProvider.downloadTestFiles(test.id, fileIds);
      saveBlob(blob, downloadFileName(test));
    } catch (error) {
      notify(errorMessage(error), { type: "error" });
    } finally {
      setPhotosBusy(false);
    }
  };

  return { busy: deleting || photosBusy, refresh, deleteTest, deletePhotos, downloadPhotos };
}
