import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  Popover,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from "@mui/material";
import ViewWeekIcon from "@mui/icons-material/ViewWeek";
import ArrowUpIcon from "@mui/icons-material/ArrowUpward";
import ArrowDownIcon from "@mui/icons-material/ArrowDownward";
import { useResourceContext, useTranslate, useTranslateLabel } from "react-admin";
import { ranksAfterMove, shownOrder, type ChoosableColumn } from "./columnOrder";
import { useTableChoice } from "./useTableChoice";

/** The button a move leaves focus on: the same one, or the other once the column reached an end. */
interface MovedFocus {
  name: string;
  step: -1 | 1;
}

/**
 * A list's Columns button: which of its table's columns show, and in what order. Instead of
 * react-admin's chooser (switches inside menu options, an order changed by dragging only): a
 * labelled panel of check boxes, each column with Move up and Move down buttons, so the keyboard
 * and a screen reader do everything a mouse does. It writes react-admin DataTable's own store keys
 * (columnOrder.ts): the table follows the choice, and a choice made before stays.
 */
export function ColumnsChooser({ table }: { table: ReactNode }) {
  const { choice, hidden, setHidden, ranks, setRanks } = useTableChoice(table);
  const resource = useResourceContext();
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const headingId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [movedFocus, setMovedFocus] = useState<MovedFocus>();

  useEffect(() => {
    if (!movedFocus) return;
    const buttons = (step: number) =>
      [...(panel.current?.querySelectorAll<HTMLButtonElement>("button[data-step]") ?? [])].find(
        (button) => button.dataset.column === movedFocus.name && button.dataset.step === String(step),
      );
    const same = buttons(movedFocus.step);
    (same && !same.disabled ? same : buttons(-movedFocus.step))?.focus();
    setMovedFocus(undefined);
  }, [movedFocus]);

  if (!choice || choice.columns.length === 0) return null;
  const title = translate("resources.shared.columns");
  const byIndex = new Map(choice.columns.map((column) => [column.index, column]));
  const count = Math.max(...choice.columns.map((column) => column.index)) + 1;
  const offered = choice.columns.map((column) => column.index);
  const inOrder = shownOrder(ranks, count).flatMap((index) => byIndex.get(index) ?? []);
  const shown = inOrder.filter((column) => !hidden.includes(column.name));
  const labelOf = (column: ChoosableColumn) =>
    translateLabel({ label: column.label, resource, source: column.source }) as string;

  const toggle = (column: ChoosableColumn) =>
    setHidden(hidden.includes(column.name) ? hidden.filter((name) => name !== column.name) : [...hidden, column.name]);
  const move = (column: ChoosableColumn, step: -1 | 1) => {
    const next = ranksAfterMove(ranks, count, offered, column.index, step);
    if (!next) return;
    setRanks(next);
    setMovedFocus({ name: column.name, step });
  };
  const reset = () => {
    setRanks(undefined);
    setHidden(choice.hiddenAtFirst);
  };

  const open = (event: React.MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  return (
    <>
      {small ? (
        <Tooltip title={title}>
          <IconButton aria-label={title} color="primary" onClick={open} aria-haspopup="dialog">
            <ViewWeekIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" startIcon={<ViewWeekIcon />} onClick={open} aria-haspopup="dialog">
          {title}
        </Button>
      )}
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
        slotProps={{ paper: { role: "dialog", "aria-labelledby": headingId, ref: panel } }}
      >
        <Box sx={{ p: 1.5, minWidth: 240 }}>
          <Typography id={headingId} variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
            {title}
          </Typography>
          <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: "none", m: 0, p: 0 }}>
            {inOrder.map((column, position) => {
              const label = labelOf(column);
              const isShown = !hidden.includes(column.name);
              return (
                <Box component="li" key={column.name} sx={{ display: "flex", alignItems: "center" }}>
                  <FormControlLabel
                    sx={{ flex: 1, mr: 1 }}
                    label={label}
                    control={
                      <Checkbox
                        size="small"
                        checked={isShown}
                        // The table keeps one column at least: the last shown cannot be hidden.
                        disabled={isShown && shown.length === 1}
                        onChange={() => toggle(column)}
                      />
                    }
                  />
                  <IconButton
                    size="small"
                    aria-label={translate("resources.shared.columnsChooser.moveUp", { column: label })}
                    disabled={position === 0}
                    data-column={column.name}
                    data-step={-1}
                    onClick={() => move(column, -1)}
                  >
                    <ArrowUpIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={translate("resources.shared.columnsChooser.moveDown", { column: label })}
                    disabled={position === inOrder.length - 1}
                    data-column={column.name}
                    data-step={1}
                    onClick={() => move(column, 1)}
                  >
                    <ArrowDownIcon fontSize="small" />
                  </IconButton>
                </Box>
              );
            })}
          </Box>
          <Box sx={{ textAlign: "right", mt: 0.5 }}>
            <Button size="small" onClick={reset}>
              {translate("resources.shared.columnsChooser.reset")}
            </Button>
          </Box>
        </Box>
      </Popover>
    </>
  );
}
