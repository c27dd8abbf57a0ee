import { useState } from "react";
import { Box, Button, IconButton, List, ListItem, ListItemButton, ListItemText, Typography } from "@mui/material";
import BookmarkIcon from "@mui/icons-material/BookmarkBorder";
import DeleteIcon from "@mui/icons-material/DeleteOutline";
import AddIcon from "@mui/icons-material/Add";
import {
  FilterListSection,
  TextInput,
  useCreate,
  useDelete,
  useGetList,
  useListContext,
  useNotify,
  useTranslate,
} from "react-admin";
import type { ResourceName, SavedQuery, SavedQueryCreate, SavedQueryValue } from "../../api/resources";
import { errorMessage } from "../../custom/errorMessage";
import { SAVED_QUERIES } from "../../dataProvider/resourceRoutes";
import { ActionFormDialog } from "./ActionFormDialog";
import { SubmitButton } from "./ConfirmButton";
import { classifySaveError } from "./concurrency";
import { isSameQuery, queryValueOf, savedQueryLabelValidator } from "./savedQueries";

/** The service keeps at most 50 per user and list (docs/api-resources.md). */
const ALL_SAVED = { page: 1, perPage: 50 };
const OLDEST_FIRST = { field: "createdAt", order: "ASC" } as const;

/**
 * Saved filters kept on the service per user (react-admin's getList/create/delete on
 * "saved-queries"), so they survive sign-out and follow the user to another browser. react-admin's
 * SavedQueriesList does the same in the browser's localStorage only; this keeps its look (a
 * FilterList section) and its behaviour (click to apply, click again to clear). Offered on the
 * lists of the service's resources (the only ones it keeps queries for).
 */
export function SavedQueriesPanel({ resource }: { resource: ResourceName }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, sort, perPage, setFilters, setSort, setPerPage, isPending } = useListContext();
  const [naming, setNaming] = useState(false);
  const [create] = useCreate<SavedQuery>();
  const [remove] = useDelete<SavedQuery>();

  // Asked once the list's own rows are in: the saved filters never hold back the first page (issue 13).
  const saved = useGetList<SavedQuery>(
    SAVED_QUERIES,
    { filter: { resource }, pagination: ALL_SAVED, sort: OLDEST_FIRST },
    { enabled: !isPending },
  );
  const queries = saved.data ?? [];
  const current = queryValueOf({ filterValues, sort, perPage });
  const hasFilters = Object.keys(current.filter).length > 0;
  const currentIsSaved = queries.some((query) => isSameQuery(query.value, current));

  const save = async (values: Record<string, unknown>) => {
    const data: SavedQueryCreate = { resource, label: String(values.label ?? "").trim(), value: current };
    try {
      await create(SAVED_QUERIES, { data }, { returnPromise: true });
      notify("resources.shared.savedQueries.saved", { type: "success" });
      setNaming(false);
      return undefined;
    } catch (error) {
      // A refused label (422 label) shows under the field; any other refusal too, as the only field.
      const failure = classifySaveError(error, translate("app.errors.generic"));
      return { label: failure.kind === "validation" ? (failure.errors.label ?? failure.message) : failure.message };
    }
  };

  const removeQuery = (query: SavedQuery) =>
    remove(
      SAVED_QUERIES,
      { id: query.id, previousData: query },
      {
        onSuccess: () => notify("resources.shared.savedQueries.removed", { type: "info" }),
        onError: (error) => notify(errorMessage(error, translate("app.errors.generic")), { type: "error" }),
      },
    );

  const apply = (value: SavedQueryValue, selected: boolean) => {
    if (selected) {
      setFilters({}, {});
      return;
    }
    setFilters(value.filter, value.displayedFilters ?? {});
    setSort(value.sort);
    setPerPage(value.perPage);
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
                    onClick={() => removeQuery(query)}
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
          onClick={() => setNaming(true)}
          sx={{ ml: 1 }}
        >
          {translate("resources.shared.savedQueries.save")}
        </Button>
      </Box>
      <ActionFormDialog
        open={naming}
        onClose={() => setNaming(false)}
        titleId="save-query-title"
        title={translate("resources.shared.savedQueries.saveTitle")}
        defaultValues={{ label: "" }}
        onSubmit={save}
        saveButton={<SubmitButton label="resources.shared.save" />}
      >
        <TextInput
          source="label"
          label="resources.shared.savedQueries.label"
          validate={savedQueryLabelValidator(queries)}
          autoFocus
          fullWidth
        />
      </ActionFormDialog>
    </FilterListSection>
  );
}
