import { Box, Tooltip } from "@mui/material";
import FeedIcon from "@mui/icons-material/DynamicFeedOutlined";
import { DataTable, DateInput, SelectInput, TopToolbar, useCanAccess, useTranslate } from "react-admin";
import {
  ACTIVITY,
  ACTIVITY_ACTIONS,
  ACTIVITY_EXACT_TOTAL,
  ACTIVITY_RESOURCES,
  type ActivityEntry,
} from "../../api/activity";
import { formatDateTime } from "../../custom/format";
import { Muted, RecordLink } from "../shared/fields";
import { ListEmpty, ListNoMatch } from "../shared/ListEmpty";
import { ListPage } from "../shared/ListPage";
import { ListPagination } from "../shared/ListPagination";
import { useListSearch } from "../shared/ListSearch";
import { paths } from "../shared/paths";
import { ACTIVITY_POLL_MS, NewEntriesChip } from "./NewEntriesChip";
import { ReferencePicker } from "../shared/pickers";
import { columnFor } from "../shared/columns";
import { relativeAge } from "./relativeAge";

const Column = columnFor<ActivityEntry>();

const actionKey = (action: string) => `resources.activity.actions.${action}`;
const typeKey = (resource: string) => `resources.activity.types.${resource}`;

/** A picked day as the start (From) or the end (To) of that day, local time. */
const startOfDayIso = (day: string | null) => (day ? new Date(`${day}T00:00:00`).toISOString() : day);
const endOfDayIso = (day: string | null) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : day);

/** Filters: search, action, record type, a date range, and (admins) who. */
function useFilters(byActor: boolean) {
  const filters = [
    useListSearch(ACTIVITY),
    <SelectInput
      key="action"
      source="action"
      choices={ACTIVITY_ACTIONS.map((action) => ({ id: action, name: actionKey(action) }))}
      emptyText="resources.activity.allActions"
      alwaysOn
      sx={{ minWidth: 180 }}
    />,
    <SelectInput
      key="resource"
      source="resource"
      choices={ACTIVITY_RESOURCES.map((resource) => ({ id: resource, name: typeKey(resource) }))}
      emptyText="resources.activity.allTypes"
      alwaysOn
      sx={{ minWidth: 180 }}
    />,
    <DateInput key="createdAt_gte" source="createdAt_gte" parse={startOfDayIso} alwaysOn />,
    <DateInput key="createdAt_lte" source="createdAt_lte" parse={endOfDayIso} alwaysOn />,
  ];
  if (byActor)
    filters.push(
      <ReferencePicker
        key="actorId"
        source="actorId"
        reference="users"
        label="resources.activity.fields.actorId"
        sx={{ minWidth: 240 }}
        alwaysOn
      />,
    );
  return filters;
}

/**
 * When: relative ("5 minutes ago"), the exact date and time (spec §9) in a tooltip on hover and on
 * keyboard focus (the time is a tab stop), which also describes it to a screen reader.
 */
function When({ value }: { value: string }) {
  const translate = useTranslate();
  const exact = formatDateTime(value);
  const relative = relativeAge(value, new Date(), translate("resources.activity.justNow"));
  return (
    <Tooltip title={exact} describeChild>
      <Box
        component="time"
        dateTime={value}
        tabIndex={0}
        sx={{
          whiteSpace: "nowrap",
          textDecoration: "underline dotted",
          textUnderlineOffset: "0.2em",
          cursor: "help",
          borderRadius: 0.5,
          "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineOffset: 2 },
        }}
      >
        {relative}
      </Box>
    </Tooltip>
  );
}

/**
 * The record: its type in words and its name (the id's start once the record is gone), linked to
 * its page where it has one and still exists.
 */
function RecordCell({ entry }: { entry: ActivityEntry }) {
  const translate = useTranslate();
  const type = translate(typeKey(entry.resource), { _: entry.resource });
  const label = entry.recordName ? `${type}: ${entry.recordName}` : `${type} ${entry.recordId.slice(0, 8)}`;
  return (
    <Box component="span" sx={{ whiteSpace: "nowrap" }} title={entry.recordId}>
      {entry.link ? <RecordLink to={entry.link}>{label}</RecordLink> : <Muted>{label}</Muted>}
    </Box>
  );
}

/**
 * /activity-feed (spec §2, everyone): who did what to which record and when, newest first, as
 * GET activity answers it within the caller's scope (super admin: all; admin: their account's
 * people; others: their own). A chip offers the entries made since the list was loaded.
 */
export default function ActivityFeedList({ pollMs = ACTIVITY_POLL_MS }: { pollMs?: number }) {
  const translate = useTranslate();
  const { canAccess: byActor } = useCanAccess({ resource: ACTIVITY, action: "filterByActor" });
  const filters = useFilters(byActor === true);
  return (
    <ListPage
      title="screens.activityFeed"
      subtitle={translate("resources.activity.subtitle")}
      resource={ACTIVITY}
      pagination={<ListPagination countedUpTo={ACTIVITY_EXACT_TOTAL} />}
      filters={filters}
      empty={
        <ListEmpty resource={ACTIVITY} Icon={FeedIcon} iconColor="primary">
          <NewEntriesChip pollMs={pollMs} />
        </ListEmpty>
      }
      actions={
        // Empty until there are new entries: no blank band above the filters on a phone.
        <TopToolbar sx={{ alignItems: "center", "&:empty": { display: "none" } }}>
          <NewEntriesChip pollMs={pollMs} />
        </TopToolbar>
      }
    >
      <DataTable rowClick={false} bulkActionButtons={false} empty={<ListNoMatch resource={ACTIVITY} />}>
        <Column source="createdAt" render={(entry) => <When value={entry.createdAt} />} />
        <Column
          source="actorName"
          render={(entry) =>
            entry.actorId ? (
              <RecordLink to={paths.user(entry.actorId)}>{entry.actorName ?? entry.actorId}</RecordLink>
            ) : (
              <Muted>{translate("resources.activity.service")}</Muted>
            )
          }
        />
        <Column source="action" render={(entry) => <>{translate(actionKey(entry.action), { _: entry.action })}</>} />
        <Column source="resource" render={(entry) => <RecordCell entry={entry} />} />
        <Column source="client" disableSort render={(entry) => <Muted>{entry.client ?? "—"}</Muted>} />
      </DataTable>
    </ListPage>
  );
}
