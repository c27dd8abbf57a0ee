/**
 * The dialogs the palette's actions open, the same ones the list pages open from their buttons
 * (loaded with the first action chosen, not with the palette): a new account, an invitation, a
 * device, a discount, the selected tests' download. After a create, the new record's page opens (a
 * discount's list, where its dialog is).
 */
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import AccountCreateDialog from "../../resources/accounts/AccountCreateDialog";
import DeviceCreateDialog from "../../resources/devices/DeviceCreateDialog";
import { DiscountCreateDialog } from "../../resources/discounts/DiscountDialogs";
import { paths } from "../../resources/shared/paths";
import { InviteDialog } from "../../resources/users/InviteDialog";
import { BulkDownloadDialog } from "../gallery/BulkDownloadDialog";
import { useStartBulkDownload } from "../gallery/useStartBulkDownload";
import type { PaletteActionId } from "./paletteItems";

/** Starts the download of the selected tests at once, then shows its progress (as the gallery's Download). */
function DownloadSelected({ onClose }: { onClose: () => void }) {
  const { start, downloadId, closeDownload } = useStartBulkDownload();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start(onClose);
  });
  if (!downloadId) return null;
  return (
    <BulkDownloadDialog
      id={downloadId}
      onClose={() => {
        closeDownload();
        onClose();
      }}
    />
  );
}

export default function ActionDialog({ action, onClose }: { action: PaletteActionId; onClose: () => void }) {
  const navigate = useNavigate();
  switch (action) {
    case "newAccount":
      return <AccountCreateDialog open onClose={onClose} />;
    case "inviteUser":
      return <InviteDialog open onClose={onClose} />;
    case "registerDevice":
      return <DeviceCreateDialog open onClose={onClose} />;
    case "newDiscount":
      return <DiscountCreateDialog open onClose={onClose} onCreated={() => navigate(paths.discounts)} />;
    case "downloadSelected":
      return <DownloadSelected onClose={onClose} />;
    default:
      // The other actions are pages (PALETTE_ACTIONS' path): the palette opens them itself.
      return null;
  }
}
