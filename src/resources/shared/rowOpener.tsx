import type { ReactNode } from "react";
import { Link as MuiLink } from "@mui/material";
import { Link } from "react-router-dom";
import {
  useCreatePath,
  useDataTableCallbacksContext,
  useRecordContext,
  useResourceContext,
  useResourceDefinition,
  type Identifier,
  type RaRecord,
} from "react-admin";

/** Marks a rowClick that opens its record where the list is (a dialog) instead of at a path. */
const IN_PLACE = Symbol("opensInPlace");

type InPlaceRowClick = ((id: Identifier, resource: string, record: RaRecord) => false) & { [IN_PLACE]: true };

/**
 * A DataTable `rowClick` that opens the record in place (an edit dialog over the list): the row's
 * click and its opener (RowOpener, a button) both call `open`. A rowClick that is a plain function
 * must only answer a path — the opener asks it for its link as the row is drawn.
 */
export function opensInPlace<R extends RaRecord = RaRecord>(open: (id: string, record: R) => void): InPlaceRowClick {
  const rowClick = (id: Identifier, _resource: string, record: RaRecord) => {
    open(String(id), record as R);
    return false as const;
  };
  return Object.assign(rowClick, { [IN_PLACE]: true as const });
}

export type RowOpening = { kind: "link"; to: string } | { kind: "button"; open: () => void } | null;

/**
 * What a DataTable row opens, read from the table's own rowClick (so the opener and a click on the
 * row never disagree): a page (a link to its path), a dialog (a button), or nothing.
 */
export function useRowOpening(): RowOpening {
  const { rowClick } = useDataTableCallbacksContext();
  const record = useRecordContext();
  const resource = useResourceContext();
  const definition = useResourceDefinition();
  const createPath = useCreatePath();
  if (!record || !resource || rowClick === false) return null;
  const pathOf = (target: unknown): RowOpening => {
    if (typeof target !== "string") return null;
    if (target.startsWith("/")) return { kind: "link", to: target };
    if (target === "show" || target === "edit")
      return { kind: "link", to: createPath({ resource, id: record.id, type: target }) };
    return null; // "expand", "toggleSelection": nothing to open.
  };
  if (rowClick === undefined) {
    // react-admin's default: the record's show, else its edit view.
    return definition.hasShow ? pathOf("show") : definition.hasEdit ? pathOf("edit") : null;
  }
  if (typeof rowClick !== "function") return pathOf(rowClick);
  if (IN_PLACE in rowClick) return { kind: "button", open: () => void rowClick(record.id, resource, record) };
  return pathOf(rowClick(record.id, resource, record));
}

/** Looks like the tables' other record links (RecordLink), and is at least 24 px tall (WCAG 2.2 target size). */
const OPENER_SX = {
  display: "inline-flex",
  alignItems: "center",
  minHeight: 24,
  textAlign: "start",
  font: "inherit",
  verticalAlign: "middle",
  "&:focus-visible": { outline: "2px solid currentColor", outlineOffset: 2, borderRadius: "4px" },
} as const;

/**
 * The keyboard's way into a row's record (issue 25): the record's name as a link to its page, or as
 * a button that opens its dialog; Enter on it does what a click on the row does. Without anything
 * to open, the content alone. The row's own click stays (a pointer anywhere on the row).
 */
export function RowOpener({ children }: { children: ReactNode }) {
  const opening = useRowOpening();
  if (!opening) return <>{children}</>;
  if (opening.kind === "link") {
    return (
      <MuiLink
        component={Link}
        to={opening.to}
        state={{ _scrollToTop: true }}
        // The link navigates; the row's click must not navigate a second time.
        onClick={(event) => event.stopPropagation()}
        underline="hover"
        sx={OPENER_SX}
      >
        {children}
      </MuiLink>
    );
  }
  return (
    <MuiLink
      component="button"
      type="button"
      aria-haspopup="dialog"
      onClick={(event) => {
        event.stopPropagation();
        opening.open();
      }}
      underline="hover"
      sx={OPENER_SX}
      data-row-opener=""
    >
      {children}
    </MuiLink>
  );
}
