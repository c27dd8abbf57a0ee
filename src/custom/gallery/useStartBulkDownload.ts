import { useState } from "react";
import { useCreate, useNotify } from "react-admin";
import type { BulkDownload } from "../../api/tests";
import { useSelectedItems } from "../../authProvider/selectedItems";
import { BULK_DOWNLOADS_RESOURCE, type BulkDownloadCreate } from "../../dataProvider/testRecordsProvider";
import { errorMessage } from "../errorMessage";

/**
 * Starts a bulk download of the selected tests (react-admin's create("bulk-downloads"): POST
 * bulk-downloads {testIds}), as the gallery's Download button and the palette's action do: on
 * success the selection is cleared and the download's id is kept for its dialog; a refusal (409,
 * another one is running) is said in a toast and the selection stays.
 */
export function useStartBulkDownload() {
  const notify = useNotify();
  const selectedItems = useSelectedItems();
  const [downloadId, setDownloadId] = useState<string | null>(null);
  const [create, { isPending }] = useCreate<BulkDownloadCreate, unknown, BulkDownload>();
  const start = (onRefused?: () => void) =>
    create(
      BULK_DOWNLOADS_RESOURCE,
      { data: { testIds: [...selectedItems.get()] } },
      {
        onSuccess: (download) => {
          selectedItems.clear();
          setDownloadId(String(download.id));
        },
        onError: (failure) => {
          notify(errorMessage(failure), { type: "error" });
          onRefused?.();
        },
      },
    );
  return { start, starting: isPending, downloadId, closeDownload: () => setDownloadId(null) };
}
