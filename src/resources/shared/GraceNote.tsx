import { cloneElement, useId, type ReactElement } from "react";
import { Stack, Tooltip, Typography } from "@mui/material";
import LockIcon from "@mui/icons-material/LockOutlined";
import type { GraceWrite } from "../../access/graceWrites";
import { useGraceRefusal } from "../../access/useGraceRefusal";

/**
 * Why a form or an action is not offered while the account is read-only (the grace period: see
 * useGraceRefusal), where its Save or its button would be. Nothing when there is no reason.
 */
export function GraceNote({ reason, id }: { reason: string | null; id?: string }) {
  if (!reason) return null;
  return (
    <Stack direction="row" spacing={0.75} alignItems="center" sx={{ color: "text.secondary" }} data-grace-note>
      <LockIcon fontSize="small" aria-hidden />
      <Typography variant="body2" id={id}>
        {reason}
      </Typography>
    </Stack>
  );
}

interface GraceGuardProps {
  /** The route the button's action calls (src/access/graceWrites.ts). */
  write: GraceWrite;
  /** The button: it takes `disabled` and `aria-describedby`. */
  children: ReactElement<{ disabled?: boolean; "aria-describedby"?: string }>;
  /**
   * Also say the reason under the button (GraceNote), for a page's or a section's main action:
   * "end" lines it up under the button's end (a lone action at the right), "start" under its start
   * (the last of a row of actions, so the row stays together).
   */
  note?: "start" | "end";
}

/**
 * A button whose action the grace period may refuse: as it is while the write is allowed;
 * otherwise disabled, the reason its description (screen readers) and its tooltip (a pointer on
 * it). A disabled button takes no pointer events, so the tooltip sits on a wrapper.
 */
export function GraceGuard({ write, children, note }: GraceGuardProps) {
  const reason = useGraceRefusal(write);
  const id = useId();
  if (reason === null) return children;
  // A disabled button in a row of actions keeps its height (the row stretches what it holds).
  const button = (
    <Tooltip title={reason} describeChild>
      <span
        style={{ display: "inline-flex", alignSelf: note === "end" ? "flex-end" : "flex-start" }}
        data-grace-refused
      >
        {cloneElement(children, { disabled: true, "aria-describedby": id })}
        <span id={id} hidden>
          {reason}
        </span>
      </span>
    </Tooltip>
  );
  if (!note) return button;
  return (
    // In a row of actions, at its top like the buttons beside it, not stretched to the row's height.
    <Stack spacing={0.5} alignItems={note === "end" ? "flex-end" : "flex-start"} sx={{ alignSelf: "flex-start" }}>
      {button}
      <GraceNote reason={reason} />
    </Stack>
  );
}
