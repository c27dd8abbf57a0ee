import { Box, Chip, Stack, Tab, Tabs } from "@mui/material";
import ScheduleIcon from "@mui/icons-material/EventRepeatOutlined";
import { Link } from "react-router-dom";
import { DataTable, SelectInput, useCanAccess, useListContext, useTranslate } from "react-admin";
import {
  SCHEDULED_ACTION_REASONS,
  SCHEDULED_ACTION_STATES,
  SCHEDULED_ACTIONS,
  type ScheduledAction,
  type ScheduledActionKind,
} from "../../api/lifecycle";
import { DateTimeText, Muted, RecordLink } from "../shared/fields";
import { ListEmpty, ListNoMatch } from "../shared/ListEmpty";
import { ListPage } from "../shared/ListPage";
import { useListSearch } from "../shared/ListSearch";
import { paths } from "../shared/paths";
import { ScheduledActionButtons } from "./actions";
import { outcomeKey, runsIn, SCHEDULED_ACTION_PAGES } from "./scheduledActionRules";
import { accountColumn, contractColumns } from "../shared/contractColumns";

const R = "resources.scheduled-actions";

/** The list opens on what is still to happen; the state filter shows the history. */
const PENDING = { state: "pending" };

function useFilters() {
  return [
    useListSearch(SCHEDULED_ACTIONS),
    <SelectInput
      key="state"
      source="state"
      label={`${R}.fields.state`}
      choices={SCHEDULED_ACTION_STATES.map((id) => ({ id, name: `${R}.states.${id}` }))}
      emptyText={`${R}.anyState`}
      alwaysOn
      sx={{ minWidth: 180 }}
    />,
    <SelectInput
      key="reason"
      source="reason"
      label={`${R}.fields.reason`}
      choices={SCHEDULED_ACTION_REASONS.map((id) => ({ id, name: `${R}.reasons.${id}` }))}
      emptyText={`${R}.anyReason`}
      alwaysOn
      sx={{ minWidth: 200 }}
    />,
  ];
}

/** Nothing pending at all says what the page is for; anything else says nothing matches. */
function Empty() {
  const { filterValues } = useListContext();
  const onlyPending = Object.entries(filterValues).every(([key, value]) => key === "state" && value === "pending");
  return onlyPending ? (
    <Box sx={{ p: 2 }}>
      <ListEmpty resource={SCHEDULED_ACTIONS} Icon={ScheduleIcon} iconColor="success" />
    </Box>
  ) : (
    <ListNoMatch resource={SCHEDULED_ACTIONS} />
  );
}

/** When it runs, and (while pending) how far off that is. */
function RunsAt({ action }: { action: ScheduledAction }) {
  const translate = useTranslate();
  const relative = runsIn(action.runAt, new Date());
  return (
    <Stack spacing={0}>
      <Box component="span" sx={{ whiteSpace: "nowrap" }}>
        <DateTimeText value={action.runAt} />
      </Box>
      {action.state === "pending" && (
        <Muted noWrap>
          <Box component="span" sx={relative.days === 0 ? { color: "warning.main", fontWeight: 500 } : undefined}>
            {translate(relative.key, { smart_count: relative.days })}
          </Box>
        </Muted>
      )}
    </Stack>
  );
}

/** A finished row: canceled or carried out, when, and what came of it. */
function Outcome({ action }: { action: ScheduledAction }) {
  const translate = useTranslate();
  const key = outcomeKey(action.outcome, action.kind);
  const at = action.state === "done" ? action.doneAt : action.canceledAt;
  return (
    <Stack spacing={0.5} alignItems="flex-end">
      <Chip
        size="small"
        variant="outlined"
        color={action.state === "done" ? "default" : "success"}
        label={translate(`${R}.states.${action.state}`)}
      />
      <Muted noWrap>
        {key ? translate(key) : action.outcome}
        {at && (
          <>
            {" · "}
            <DateTimeText value={at} />
          </>
        )}
      </Muted>
    </Stack>
  );
}

function Tabbed({ kind }: { kind: ScheduledActionKind | null }) {
  const translate = useTranslate();
  const current = SCHEDULED_ACTION_PAGES.find((page) => page.kind === kind) ?? SCHEDULED_ACTION_PAGES[0];
  return (
    <Tabs
      value={current.path}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 1, borderBottom: 1, borderColor: "divider" }}
      aria-label={translate("screens.scheduledActions")}
    >
      {SCHEDULED_ACTION_PAGES.map((page) => (
        <Tab
          key={page.path}
          value={page.path}
          component={Link}
          to={page.path}
          label={translate(`${R}.tabs.${page.kind ?? "all"}`)}
        />
      ))}
    </Tabs>
  );
}

/**
 * /scheduled-actions and its two kinds (spec §2, super admins): what the lifecycle will do to
 * which account, why, when, and who asked; Cancel or Run now on a pending row. The overview lists
 * every kind (docs/decisions.md "Scheduled actions screens"); the kind's routes keep to theirs.
 * Each page keeps its own filters (storeKey), so the history opened on one stays there.
 */
export function ScheduledActionList({ kind }: { kind: ScheduledActionKind | null }) {
  const translate = useTranslate();
  const filters = useFilters();
  const { canAccess: mayChange } = useCanAccess({ resource: SCHEDULED_ACTIONS, action: "cancel" });
  const page = SCHEDULED_ACTION_PAGES.find((item) => item.kind === kind) ?? SCHEDULED_ACTION_PAGES[0];
  const showsPlan = kind !== "account-deletion";
  return (
    <ListPage
      title={page.title}
      subtitle={translate(`${R}.subtitles.${kind ?? "all"}`)}
      beforeList={<Tabbed kind={kind} />}
      resource={SCHEDULED_ACTIONS}
      storeKey={`${SCHEDULED_ACTIONS}.${kind ?? "all"}`}
      filter={kind ? { kind } : undefined}
      filterDefaultValues={PENDING}
      filters={filters}
    >
      {/* No row click: each row holds links and buttons of its own. */}
      <DataTable rowClick={false} bulkActionButtons={false} empty={<Empty />}>
        {contractColumns<ScheduledAction>(SCHEDULED_ACTIONS, {
          accountName: accountColumn(true),
          // The kind is the tab's on the kind pages; a deletion has no plan.
          kind: kind === null && {},
          plan: showsPlan && {
            render: (record) => record.plan ?? <Muted noWrap>{translate("resources.shared.none")}</Muted>,
          },
          runAt: { render: (record) => <RunsAt action={record} /> },
          requestedByName: {
            render: (record) =>
              record.requestedById ? (
                <RecordLink to={paths.user(record.requestedById)}>{record.requestedByName}</RecordLink>
              ) : (
                <Muted noWrap>{translate(`${R}.theService`)}</Muted>
              ),
          },
          state: {
            label: `${R}.fields.action`,
            align: "right",
            render: (record) =>
              record.state === "pending" ? (
                mayChange ? (
                  <ScheduledActionButtons action={record} />
                ) : null
              ) : (
                <Outcome action={record} />
              ),
          },
        })}
      </DataTable>
    </ListPage>
  );
}
