import { useEffect, useState, type ReactNode } from "react";
import { useFormState, useWatch } from "react-hook-form";
import { Confirm, useBlocker, useCanBlock } from "react-admin";
import { UnsavedChangesGuard } from "./UnsavedChangesGuard";

type CloseReason = "backdropClick" | "escapeKeyDown";

/** What a dialog's form holds: typing not yet saved, and whether it is being saved. */
interface FormHolding {
  unsaved: boolean;
  saving: boolean;
}

const HOLDS_NOTHING: FormHolding = { unsaved: false, saving: false };

/** Inside a dialog's form: tells the dialog whether it holds typing not yet saved. */
function UnsavedInDialog({
  onChange,
  submitSaves,
}: {
  onChange: (holding: FormHolding) => void;
  submitSaves: boolean;
}) {
  // Drawn again at every change of a value: react-hook-form's form state alone did not always
  // tell this component of the first edit (Edit Test's form).
  useWatch();
  const { isDirty, dirtyFields, isSubmitSuccessful, isSubmitting } = useFormState();
  // A record reloaded under the form (after a 409) keeps the typed fields dirty but not the form.
  const unsaved = (isDirty || Object.keys(dirtyFields).length > 0) && !(submitSaves && isSubmitSuccessful);
  useEffect(() => {
    onChange({ unsaved, saving: isSubmitting });
    return () => onChange(HOLDS_NOTHING);
  }, [unsaved, isSubmitting, onChange]);
  return null;
}

/** "Discard your changes?", with Keep editing (the least destructive) focused. */
function DiscardQuestion({
  isOpen,
  onDiscard,
  onKeep,
}: {
  isOpen: boolean;
  onDiscard: () => void;
  onKeep: () => void;
}) {
  return (
    <Confirm
      isOpen={isOpen}
      title="resources.shared.discard.title"
      content="ra.message.unsaved_changes"
      confirm="resources.shared.discard.confirm"
      cancel="resources.shared.discard.keep"
      onConfirm={onDiscard}
      onClose={onKeep}
    />
  );
}

/**
 * While drawn, a move to another page (the command palette, a link, Back) waits for the question:
 * Discard lets it go on (and `onDiscard` closes the dialog), Keep editing calls it off. Drawn only
 * while a dialog holds typing: react-router keeps one blocker per router (the last registered
 * decides, with a warning), so a closed dialog's blocker, even one that blocks nothing, took Back
 * over from the open one's.
 */
function HoldLeaving({ onDiscard }: { onDiscard: () => void }) {
  const move = useBlocker(true);
  return (
    <DiscardQuestion
      isOpen={move.state === "blocked"}
      onDiscard={() => {
        move.proceed?.();
        onDiscard();
      }}
      onKeep={() => move.reset?.()}
    />
  );
}

/**
 * How a form's dialog may be dismissed without losing what was typed: with nothing typed, a click
 * beside it or Escape closes it as before; with typing not yet saved, a click beside it does
 * nothing (a stray click), Escape asks before throwing it away, and reloading or closing the tab
 * asks too (UnsavedChangesGuard), as does going to another page from inside the console (the
 * command palette, Back): the same question, the move made only on Discard. Cancel and the close
 * button stay what they say.
 *
 * `onDialogClose` is the Dialog's `onClose`, `inForm` goes inside its Form, `question` beside it.
 * `submitSaves: false` is for a form whose submit may end with nothing done and no field in error
 * (a payment the card's provider refused, said beside the form): its typing stays held until the
 * dialog closes, where a form's submit without field errors otherwise counts as saved.
 */
export function useDialogDismissal(
  onClose: () => void,
  { submitSaves = true }: { submitSaves?: boolean } = {},
): {
  onDialogClose: (event: unknown, reason?: CloseReason) => void;
  inForm: ReactNode;
  question: ReactNode;
} {
  const [{ unsaved, saving }, setHolding] = useState(HOLDS_NOTHING);
  const [asking, setAsking] = useState(false);
  // Outside a data router (a form drawn alone, in some tests) no move can be held.
  const canHold = useCanBlock();
  const onDialogClose = (_event: unknown, reason?: CloseReason) => {
    if (!unsaved) onClose();
    else if (reason === "escapeKeyDown") setAsking(true);
  };
  const inForm = (
    <>
      <UnsavedChangesGuard />
      <UnsavedInDialog onChange={setHolding} submitSaves={submitSaves} />
    </>
  );
  const question = (
    <>
      {/* Not while saving: a saved form may move on to the page its save leads to. */}
      {canHold && unsaved && !saving && <HoldLeaving onDiscard={onClose} />}
      <DiscardQuestion
        isOpen={asking}
        onDiscard={() => {
          setAsking(false);
          onClose();
        }}
        onKeep={() => setAsking(false)}
      />
    </>
  );
  return { onDialogClose, inForm, question };
}
