import { useState } from "react";
import { useCreate, useNotify } from "react-admin";
import type { BulkDownload } from "../../api/tests";
import { useSelectedItems } from "../../authProvider/selectedItems";
import { BULK_DOWNLOADS_RESOURCE, type BulkDownloadCreate } from "../../dataProvider/testRecordsProvider";
import { errorMessage } from "../errorMessage";
import { fieldErrorsOf } from "../../resources/shared/concurrency";

/**
 * The chosen tests a refusal names as gone (deleted in another tab since they were chosen, or no
 * longer the caller's): `errors["testIds.3"]` is the fourth id sent. None when it names none.
 */
export function goneTestIds(sent: readonly string[], error: unknown): string[] {
  return Object.keys(fieldErrorsOf(error) ?? {}).flatMap((field) => {
    const place = /^testIds\.(\d+)$/.exec(field)?.[1];
    const id = place === undefined ? undefined : sent[Number(place)];
    return id === undefined ? [] : [id];
  });
}

/**
 * Starts a bulk download of the selected tests (react-admin's create("bulk-downloads"): POST
 * bulk-downloads {testIds}), as the gallery's Download button and the palette's action do: on
 * success the selection is cleared and the download's id is kept for its dialog; a refusal (409,
 * another one is running) is said in a toast and the selection stays, but for chosen tests the
 * service says are gone: those leave the selection.
 */
export function useStartBulkDownload() {
  const notify = useNotify();
  const selectedItems = useSelectedItems();
  const [downloadId, setDownloadId] = useState<string | null>(null);
  const [create, { isPending }] = useCreate<BulkDownloadCreate, unknown, BulkDownload>();
  const start = (onRefused?: () => void) => {
    const testIds = [...selectedItems.get()];
    return create(
      BULK_DOWNLOADS_RESOURCE,
      { data: { testIds } },
      {
        onSuccess: (download) => {
          selectedItems.clear();
          setDownloadId(String(download.id));
        },
        onError: (failure) => {
          const gone = goneTestIds(testIds, failure);
          if (gone.length > 0) {
            // Taken out of the selection, and said in the product's words: Download again takes the rest.
            selectedItems.set(selectedItems.get().filter((id) => !gone.includes(id)));
            notify("gallery.gone", { type: "warning", messageArgs: { smart_count: gone.length } });
          } else notify(errorMessage(failure), { type: "error" });
          onRefused?.();
        },
      },
    );
  };
  return { start, starting: isPending, downloadId, closeDownload: () => setDownloadId(null) };
}
