import RestoreIcon from "@mui/icons-material/RestoreFromTrashOutlined";
import { Button, useListContext } from "react-admin";
import { DELETED_ACCOUNTS, DELETED_TESTS, type DeletedAccount } from "../../api/recover";
import { ConfirmedActionButton } from "../shared/ConfirmedActionButton";
import { GraceGuard } from "../shared/GraceNote";
import { useRecordAction } from "../shared/useRecordAction";

/**
 * Restoring tests: one call for all of them (POST deleted-tests/restore, all or none), then the
 * toast, and the deleted tests and the gallery fetched again. Not undoable like react-admin's
 * BulkAcceptButton: a restore is itself the undo of a deletion, and the test can be deleted again.
 */
function useRestoreTests(onDone?: () => void) {
  return useRecordAction<string[], string[]>({
    resource: DELETED_TESTS,
    alsoChanges: ["tests"],
    action: (dataProvider, ids) => dataProvider.restoreTests(ids),
    success: "resources.deleted-tests.restore.done",
    successArgs: (ids) => ({ smart_count: ids.length }),
    onSuccess: () => onDone?.(),
  });
}

/** The list's bulk action (react-admin demo's BulkAcceptButton): restore the selected tests. */
export function BulkRestoreButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const restore = useRestoreTests(() => onUnselectItems());
  return (
    <GraceGuard write="POST /api/deleted-tests/restore">
      <Button
        label="resources.deleted-tests.restore.button"
        onClick={() => void restore.run(selectedIds.map(String))}
        disabled={restore.isPending || selectedIds.length === 0}
      >
        <RestoreIcon />
      </Button>
    </GraceGuard>
  );
}

/** A row's Restore. */
export function RestoreTestButton({ id }: { id: string }) {
  const restore = useRestoreTests();
  return (
    <GraceGuard write="POST /api/deleted-tests/restore">
      <Button
        label="resources.deleted-tests.restore.button"
        onClick={(event) => {
          event.stopPropagation();
          void restore.run([id]);
        }}
        disabled={restore.isPending}
      >
        <RestoreIcon />
      </Button>
    </GraceGuard>
  );
}

/** The accounts list's bulk action: restore the selected accounts, after a confirmation, in one call. */
export function BulkRestoreAccountsButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const ids = selectedIds.map(String);
  return (
    <ConfirmedActionButton
      resource={DELETED_ACCOUNTS}
      alsoChanges={["accounts"]}
      action={(dataProvider) => dataProvider.restoreAccounts(ids)}
      success="resources.deleted-accounts.restore.doneMany"
      successArgs={() => ({ smart_count: ids.length })}
      onSuccess={() => onUnselectItems()}
      label="resources.deleted-accounts.restore.button"
      icon={<RestoreIcon />}
      title="resources.deleted-accounts.restore.titleMany"
      content="resources.deleted-accounts.restore.bodyMany"
      translateOptions={{ smart_count: ids.length }}
      variant="text"
      disabled={ids.length === 0}
    />
  );
}

/** An account's Restore, after a confirmation: cancels its deletion with the version the row shows. */
export function RestoreAccountButton({ account }: { account: DeletedAccount }) {
  return (
    <ConfirmedActionButton
      resource={DELETED_ACCOUNTS}
      alsoChanges={["accounts"]}
      action={(dataProvider) => dataProvider.restoreAccount(account.id, account.version)}
      success="resources.deleted-accounts.restore.done"
      label="resources.deleted-accounts.restore.button"
      icon={<RestoreIcon />}
      title="resources.deleted-accounts.restore.title"
      content="resources.deleted-accounts.restore.body"
      translateOptions={{ name: account.name }}
    />
  );
}
