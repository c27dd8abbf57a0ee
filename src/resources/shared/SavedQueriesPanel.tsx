import { useState, type FormEvent } from "react";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from "@mui/material";
import BookmarkIcon from "@mui/icons-material/BookmarkBorder";
import DeleteIcon from "@mui/icons-material/DeleteOutline";
import AddIcon from "@mui/icons-material/Add";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FilterListSection, useDataProvider, useListContext, useNotify, useTranslate } from "react-admin";
import type { SavedQuery, SavedQueryValue } from "../../api/resources";
import type { ConsoleDataProvider } from "../../dataProvider";
import { errorMessage } from "../../custom/errorMessage";
import { isSameQuery, queryValueOf, savedQueryLabelError } from "./savedQueries";

const savedQueriesKey = (resource: string) => ["saved-queries", resource];

/**
 * Saved filters kept on the service per user (GET/POST/DELETE /api/saved-queries), so they survive
 * sign-out and follow the user to another browser. react-admin's SavedQueriesList does the same in
 * the browser's localStorage only; this keeps its look (a FilterList section) and its behaviour
 * (click to apply, click again to clear).
 */
export function SavedQueriesPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const { resource, filterValues, sort, perPage, setFilters, setSort, setPerPage } = useListContext();
  const [naming, setNaming] = useState(false);
  const [label, setLabel] = useState("");
  const [labelError, setLabelError] = useState<string | null>(null);

  const saved = useQuery({
    queryKey: savedQueriesKey(resource),
    queryFn: () => dataProvider.getSavedQueries(resource),
  });
  const queries = saved.data ?? [];
  const current = queryValueOf({ filterValues, sort, perPage });
  const hasFilters = Object.keys(current.filter).length > 0;
  const currentIsSaved = queries.some((query) => isSameQuery(query.value, current));

  const refresh = () => queryClient.invalidateQueries({ queryKey: savedQueriesKey(resource) });
  const create = useMutation({
    mutationFn: (name: string) => dataProvider.createSavedQuery({ resource, label: name, value: current }),
    onSuccess: async () => {
      await refresh();
      notify("resources.shared.savedQueries.saved", { type: "success" });
      setNaming(false);
      setLabel("");
    },
    onError: (error) => setLabelError(errorMessage(error, translate("app.errors.generic"))),
  });
  const remove = useMutation({
    mutationFn: (query: SavedQuery) => dataProvider.deleteSavedQuery(query.id),
    onSuccess: async () => {
      await refresh();
      notify("resources.shared.savedQueries.removed", { type: "info" });
    },
    onError: (error) => notify(errorMessage(error, translate("app.errors.generic")), { type: "error" }),
  });

  const apply = (value: SavedQueryValue, selected: boolean) => {
    if (selected) {
      setFilters({}, {});
      return;
    }
    setFilters(value.filter, value.displayedFilters ?? {});
    setSort(value.sort);
    setPerPage(value.perPage);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = savedQueryLabelError(label, queries);
    if (problem) {
      setLabelError(
        translate(
          problem === "required"
            ? "resources.shared.savedQueries.labelRequired"
            : "resources.shared.savedQueries.labelTaken",
        ),
      );
      return;
    }
    create.mutate(label.trim());
  };

  return (
    <FilterListSection label="resources.shared.savedQueries.title" icon={<BookmarkIcon />}>
      <Box>
        <List dense disablePadding aria-label={translate("resources.shared.savedQueries.title")}>
          {queries.map((query) => {
            const selected = isSameQuery(query.value, current);
            return (
              <ListItem
                key={query.id}
                disablePadding
                secondaryAction={
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={translate("resources.shared.savedQueries.remove", { label: query.label })}
                    onClick={() => remove.mutate(query)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemButton selected={selected} onClick={() => apply(query.value, selected)} sx={{ pl: 2 }}>
                  <ListItemText primary={query.label} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        {saved.isSuccess && queries.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 0.5 }}>
            {translate("resources.shared.savedQueries.help")}
          </Typography>
        )}
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={!hasFilters || currentIsSaved}
          onClick={() => {
            setLabelError(null);
            setNaming(true);
          }}
          sx={{ ml: 1 }}
        >
          {translate("resources.shared.savedQueries.save")}
        </Button>
      </Box>
      <Dialog open={naming} onClose={() => setNaming(false)} fullWidth maxWidth="xs" aria-labelledby="save-query-title">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="save-query-title">{translate("resources.shared.savedQueries.saveTitle")}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label={translate("resources.shared.savedQueries.label")}
              value={label}
              onChange={(event) => {
                setLabel(event.target.value);
                setLabelError(null);
              }}
              error={Boolean(labelError)}
              helperText={labelError ?? " "}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setNaming(false)}>{translate("resources.shared.cancel")}</Button>
            <Button type="submit" variant="contained" disabled={create.isPending}>
              {translate("resources.shared.save")}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </FilterListSection>
  );
}
