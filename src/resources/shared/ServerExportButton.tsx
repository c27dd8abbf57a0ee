import { Suspense, type ReactNode } from "react";
import { CircularProgress } from "@mui/material";
import { useMutation } from "@tanstack/react-query";
import DownloadIcon from "@mui/icons-material/GetApp";
import {
  BulkDeleteWithConfirmButton,
  Button,
  useDataProvider,
  useListContext,
  useNotify,
  useTranslate,
} from "react-admin";
import type { ConsoleDataProvider } from "../../dataProvider";
import { saveBlob } from "../../custom/download";
import { errorMessage } from "../../custom/errorMessage";
import { exportFileName } from "./exportUrl";

/**
 * Export to CSV on the service: every row matching the list's filters and sort, streamed by
 * GET /api/{resource}/export.csv. react-admin's ExportButton fetches up to 1,000 rows into the
 * browser and builds the file there; ours asks the service, which has all the rows.
 * `selection`: only the selected rows (filter id=[…]).
 */
export function ServerExportButton({ selection = false }: { selection?: boolean }) {
  const { resource, filterValues, filter, sort, total, selectedIds } = useListContext();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const download = useMutation({
    mutationFn: () =>
      dataProvider.exportCsv(
        resource,
        selection
          ? { filter: { id: selectedIds.map(String) }, sort }
          : { filter: { ...filterValues, ...filter }, sort },
      ),
    onSuccess: (result) => {
      saveBlob(result.blob, result.fileName ?? exportFileName(resource, new Date()));
      notify("resources.shared.export.done", { type: "success" });
    },
    onError: (error) => notify(errorMessage(error, translate("app.errors.generic")), { type: "error" }),
  });

  return (
    <Button
      label={selection ? "resources.shared.export.selected" : "resources.shared.export.label"}
      onClick={() => download.mutate()}
      disabled={download.isPending || total === 0}
    >
      {download.isPending ? <CircularProgress size={16} /> : <DownloadIcon />}
    </Button>
  );
}

/**
 * The bulk bar of a list whose records are deleted outright (firmware builds, discount codes): the
 * selection's export, and its deletion after a confirmation.
 */
export const ExportOrDeleteBulkActions = () => (
  <>
    <ServerExportButton selection />
    <BulkDeleteWithConfirmButton mutationMode="pessimistic" />
  </>
);

/**
 * The bulk bar of a list with an action of its own (mark lost, disable), its code loaded after the
 * rows (react-admin draws the folded bulk bar with the table): the action, then the selection's
 * export for those who may.
 */
export function BulkActionAndExport({ mayExport, children }: { mayExport: boolean | undefined; children: ReactNode }) {
  return (
    <>
      <Suspense fallback={null}>{children}</Suspense>
      {mayExport && <ServerExportButton selection />}
    </>
  );
}
