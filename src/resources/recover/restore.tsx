import RestoreIcon from "@mui/icons-material/RestoreFromTrashOutlined";
import { Button, useListContext } from "react-admin";
import { DELETED_ACCOUNTS, DELETED_TESTS, type DeletedAccount } from "../../api/recover";
import { ConfirmedActionButton } from "../shared/ConfirmedActionButton";
import { GraceGuard } from "../shared/GraceNote";
import { useRecordAction } from "../shared/useRecordAction";

/**
 * Restores tests: one call for all of them (POST deleted-tests/restore, all or none), then the
 * toast, and the deleted tests and the gallery fetched again. Not undoable like react-admin's
 * BulkAcceptButton: a restore is itself the undo of a deletion, and the test can be deleted again.
 */
function RestoreTestsButton({ ids, onRestored }: { ids: string[]; onRestored?: () => void }) {
  const restore = useRecordAction<string[], string[]>({
    resource: DELETED_TESTS,
    alsoChanges: ["tests"],
    action: (dataProvider, tests) => dataProvider.restoreTests(tests),
    success: "resources.deleted-tests.restore.done",
    successArgs: (tests) => ({ smart_count: tests.length }),
    onSuccess: () => onRestored?.(),
  });
  return (
    <GraceGuard write="POST /api/deleted-tests/restore">
      <Button
        label="resources.deleted-tests.restore.button"
        onClick={(event) => {
          // In a row, the click is the button's alone.
          event.stopPropagation();
          void restore.run(ids);
        }}
        disabled={restore.isPending || ids.length === 0}
      >
        <RestoreIcon />
      </Button>
    </GraceGuard>
  );
}

/** The list's bulk action (react-admin demo's BulkAcceptButton): restore the selected tests. */
export function BulkRestoreButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  return <RestoreTestsButton ids={selectedIds.map(String)} onRestored={() => onUnselectItems()} />;
}

/** A row's Restore. */
export function RestoreTestButton({ id }: { id: string }) {
  return <RestoreTestsButton ids={[id]} />;
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
