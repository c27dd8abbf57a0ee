/**
 * The command palette (issue 25): one text box over the screens the role may open, the actions it
 * may take and the records the service finds (GET search), recent picks first. Loaded on its first
 * opening (PaletteLauncher), so the signed-in shell's code does not grow with it.
 *
 * A combobox over a listbox (WAI-ARIA's pattern): the focus stays in the text box, the arrows move
 * the active option (aria-activedescendant), Enter opens it, Escape closes the palette and MUI's
 * dialog gives the focus back to where it was. A polite status line says how many results there
 * are, whether records are being searched, or that records search is unavailable (a service
 * without GET search answers 404: spec §7 does not name it).
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from "react";
import { Box, Dialog, InputBase, Typography } from "@mui/material";
import SearchIcon from "@mui/icons-material/Search";
import { useQuery } from "@tanstack/react-query";
import { HttpError, useAuthProvider, useDataProvider, useStore, useTranslate } from "react-admin";
import { useNavigate } from "react-router-dom";
import { INACTIVE_MENU, SCREENS } from "../../access/screens";
import { useAccessibleScreens } from "../../access/useAccessibleScreens";
import { useSelectedItems } from "../../authProvider/selectedItems";
import { useCurrentUser } from "../../authProvider/useCurrentUser";
import type { ConsoleDataProvider } from "../../dataProvider";
import { errorMessage } from "../errorMessage";
import { useSentToNewSubscription } from "../status/SubscriptionGate";
import {
  ACTION_PATHS,
  actionItem,
  PALETTE_ACTIONS,
  paletteGroups,
  readRecent,
  RECORD_SEARCH_MIN_LENGTH,
  recordItem,
  remember,
  screenItem,
  type PaletteActionId,
  type PaletteGroupId,
  type PaletteItem,
} from "./paletteItems";
import { takeTypeAhead } from "./typeAhead";
import { visuallyHidden } from "../layout/visuallyHidden";
import { refusedDuringGrace } from "../../access/graceWrites";
import { useReadOnlyDuringGrace } from "../../access/useGraceRefusal";
import { SEARCH_Q_MAX_LENGTH } from "../../api/search";

/** Records are asked for once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 200;

/** The screens a palette may offer: the table's pages without parameters, that have a page, that are no action. */
const PALETTE_SCREENS = SCREENS.filter(
  (screen) =>
    !screen.path.includes(":") &&
    screen.load !== undefined &&
    !ACTION_PATHS.has(screen.path) &&
    // Shown when the subscription is inactive (spec §2): then it is the only screen (INACTIVE_MENU).
    screen.path !== "/new-subscription",
);

/** What a value is worth after it has stayed the same for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The actions canAccess lets the signed-in user take (asked under "auth": a new session asks again). */
function useAllowedActions() {
  const authProvider = useAuthProvider();
  return useQuery({
    queryKey: ["auth", "canAccessPaletteActions"],
    queryFn: async ({ signal }) => {
      const answers = await Promise.all(
        PALETTE_ACTIONS.map((action) => authProvider?.canAccess?.({ ...action.access, signal }) ?? true),
      );
      return PALETTE_ACTIONS.filter((_, index) => answers[index]);
    },
  }).data;
}

interface PaletteProps {
  open: boolean;
  /** Which opening this is: each starts with an empty text box (a new body). */
  opening: number;
  onClose: () => void;
  /** An action whose dialog the palette's host opens. */
  onAction: (action: PaletteActionId) => void;
}

export default function CommandPalette({ open, opening, onClose, onAction }: PaletteProps) {
  const translate = useTranslate();
  const titleId = useId();
  // Once the service says it has no search (404), it is not asked again while the page lives.
  const [unavailable, setUnavailable] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      sx={{ "& .MuiDialog-container": { alignItems: "flex-start" } }}
      slotProps={{ paper: { sx: { mt: { xs: 2, sm: "10vh" }, overflow: "hidden" } } }}
    >
      <Typography id={titleId} component="h2" sx={visuallyHidden}>
        {translate("palette.title")}
      </Typography>
      <PaletteBody
        key={opening}
        titleId={titleId}
        onClose={onClose}
        onAction={onAction}
        unavailable={unavailable}
        onUnavailable={() => setUnavailable(true)}
      />
    </Dialog>
  );
}

const GROUP_LABELS: Record<PaletteGroupId, string> = {
  recent: "palette.groups.recent",
  screens: "palette.groups.screens",
  actions: "palette.groups.actions",
  accounts: "palette.groups.accounts",
  businesses: "palette.groups.businesses",
  users: "palette.groups.users",
  devices: "palette.groups.devices",
  tests: "palette.groups.tests",
};

function PaletteBody({
  titleId,
  onClose,
  onAction,
  unavailable,
  onUnavailable,
}: Omit<PaletteProps, "open" | "opening"> & { titleId: string; unavailable: boolean; onUnavailable: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const user = useCurrentUser();
  const inactive = useSentToNewSubscription();
  const listboxId = useId();
  const hintId = useId();
  const optionId = (key: string) => `${listboxId}-${key.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  const [typed, setTyped] = useState("");
  // What was typed while the palette was on its way (typeAhead.ts), in the box before it is seen.
  useLayoutEffect(() => {
    const ahead = takeTypeAhead();
    if (ahead) setTyped(ahead);
  }, []);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [stored, setStored] = useStore<unknown>(`palette.recent.${user?.id ?? ""}`, []);
  const recent = useMemo(() => readRecent(stored), [stored]);

  const allowedScreens = useAccessibleScreens(PALETTE_SCREENS);
  const allowedActions = useAllowedActions();
  const screens = useMemo((): PaletteItem[] => {
    if (inactive) return INACTIVE_MENU.map((screen) => screenItem(screen.path, translate(screen.title)));
    return [
      ...(allowedScreens ?? []).map((screen) => screenItem(screen.path, translate(screen.title))),
      // The profile menu's own page.
      ...(user ? [screenItem(`/users/${encodeURIComponent(user.id)}`, translate("app.profile.myProfile"))] : []),
    ];
  }, [allowedScreens, inactive, translate, user]);
  const readOnly = useReadOnlyDuringGrace();
  const selectedItems = useSelectedItems();
  const selected = useSyncExternalStore(selectedItems.subscribe, selectedItems.get).length;
  const actions = useMemo(
    () =>
      inactive
        ? []
        : (allowedActions ?? [])
            .filter((action) => !(readOnly && action.write && refusedDuringGrace(action.write)))
            .filter((action) => !action.onSelection || selected > 0)
            .map((action) => actionItem(action, translate(action.label, { smart_count: selected }))),
    [allowedActions, inactive, readOnly, selected, translate],
  );

  const query = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const searching = !inactive && !unavailable && query.length >= RECORD_SEARCH_MIN_LENGTH;
  const records = useQuery({
    queryKey: ["palette", "search", user?.id ?? null, query],
    queryFn: ({ signal }) => dataProvider.searchRecords(query, signal),
    enabled: searching,
    retry: false,
    staleTime: 30_000,
  });
  const notThere = records.error instanceof HttpError && records.error.status === 404;
  useEffect(() => {
    if (notThere) onUnavailable();
  }, [notThere, onUnavailable]);
  // Records found for what is typed now (not for what was typed before it).
  const current = searching && query === typed.trim();
  const found = useMemo(
    () => (current && records.data ? records.data.results.map(recordItem) : []),
    [current, records.data],
  );

  const groups = paletteGroups({ typed, recent, screens, actions, records: found });
  const options = groups.flatMap((group) => group.items);
  const activeIndex = Math.max(
    0,
    options.findIndex((item) => item.key === activeKey),
  );
  const active = options[activeIndex];

  const listRef = useRef<HTMLDivElement>(null);
  const activeId = active ? optionId(active.key) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: "nearest" });
  }, [activeId]);

  const choose = (item: PaletteItem) => {
    setStored(remember(recent, item));
    onClose();
    if (item.type === "action" && !item.path) onAction(item.action);
    else if (item.path) navigate(item.path);
  };

  const move = (by: number) => {
    if (options.length === 0) return;
    const next = options[(activeIndex + by + options.length) % options.length]!;
    setActiveKey(next.key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") move(1);
    else if (event.key === "ArrowUp") move(-1);
    else if (event.key === "Enter" && active) choose(active);
    else return;
    event.preventDefault();
  };

  // Records are on their way: typing has not paused yet, or the answer is not in.
  const waiting =
    !inactive &&
    !unavailable &&
    typed.trim().length >= RECORD_SEARCH_MIN_LENGTH &&
    (query !== typed.trim() || records.isFetching);
  const waitingForAll = waiting && options.length === 0;
  const status = [
    typed.trim() === "" || options.length > 0
      ? translate("palette.count", { smart_count: options.length })
      : waitingForAll
        ? null
        : translate("palette.none", { q: typed.trim() }),
    inactive ? null : unavailable || notThere ? translate("palette.unavailable") : null,
    !inactive && !unavailable && !notThere && records.isError
      ? translate("palette.failed", { message: errorMessage(records.error, translate("app.errors.generic")) })
      : null,
    !inactive && !unavailable && waiting ? translate("palette.searching") : null,
    !inactive && !unavailable && typed.trim().length > 0 && typed.trim().length < RECORD_SEARCH_MIN_LENGTH
      ? translate("palette.typeMore", { count: RECORD_SEARCH_MIN_LENGTH })
      : null,
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <>
      <Box
        sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: "divider" }}
      >
        <SearchIcon aria-hidden color="action" />
        <InputBase
          autoFocus
          fullWidth
          value={typed}
          placeholder={translate("palette.placeholder")}
          onChange={(event) => {
            setTyped(event.target.value);
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
          inputProps={{
            role: "combobox",
            // Its own name, not the hidden title's (axe's label-title-only reads a hidden label as none).
            "aria-label": translate("palette.title"),
            "aria-describedby": hintId,
            "aria-expanded": options.length > 0,
            "aria-controls": listboxId,
            "aria-autocomplete": "list",
            "aria-activedescendant": activeId,
            autoComplete: "off",
            spellCheck: false,
            // The service's limit on what is searched: a longer paste is cut, not refused (400).
            maxLength: SEARCH_Q_MAX_LENGTH,
          }}
          sx={{ fontSize: "1.05rem" }}
        />
      </Box>
      <Box
        ref={listRef}
        id={listboxId}
        role="listbox"
        aria-labelledby={titleId}
        sx={{ maxHeight: "min(60vh, 480px)", overflowY: "auto", py: options.length > 0 ? 1 : 0 }}
      >
        {groups.map((group) => {
          const headingId = `${listboxId}-group-${group.id}`;
          return (
            <Box key={group.id} role="group" aria-labelledby={headingId}>
              <Typography
                id={headingId}
                role="presentation"
                variant="overline"
                color="text.secondary"
                sx={{ display: "block", px: 2, pt: 1, lineHeight: 2 }}
              >
                {translate(GROUP_LABELS[group.id])}
              </Typography>
              {group.items.map((item) => {
                const selected = item.key === active?.key;
                const secondary =
                  item.type === "record"
                    ? [group.id === "recent" ? translate(`palette.kinds.${item.kind}`) : null, item.detail]
                        .filter(Boolean)
                        .join(" · ")
                    : group.id === "recent"
                      ? translate(`palette.kinds.${item.type}`)
                      : "";
                return (
                  <Box
                    key={item.key}
                    id={optionId(item.key)}
                    role="option"
                    aria-selected={selected}
                    onMouseMove={() => {
                      if (!selected) setActiveKey(item.key);
                    }}
                    // The text box keeps the focus: a click picks without moving it.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(item)}
                    sx={{
                      mx: 1,
                      px: 1.5,
                      py: 0.75,
                      minHeight: 40,
                      borderRadius: 1.5,
                      cursor: "pointer",
                      display: "flex",
                      flexDirection: "column",
                      justifyContent: "center",
                      borderLeft: 3,
                      borderColor: selected ? "primary.main" : "transparent",
                      bgcolor: selected ? "action.selected" : "transparent",
                    }}
                  >
                    <Typography component="span" variant="body2" sx={{ fontWeight: selected ? 600 : 400 }}>
                      {item.label}
                    </Typography>
                    {secondary && (
                      <Typography component="span" variant="caption" color="text.secondary">
                        {secondary}
                      </Typography>
                    )}
                  </Box>
                );
              })}
            </Box>
          );
        })}
      </Box>
      <Box
        sx={{
          display: "flex",
          flexWrap: "wrap",
          justifyContent: "space-between",
          gap: 1,
          px: 2,
          py: 1,
          borderTop: 1,
          borderColor: "divider",
        }}
      >
        {/* A pasted text with no spaces breaks anywhere rather than run past the palette's edge. */}
        <Typography
          role="status"
          aria-live="polite"
          variant="caption"
          color="text.secondary"
          sx={{ overflowWrap: "anywhere" }}
        >
          {status}
        </Typography>
        <Typography id={hintId} variant="caption" color="text.secondary">
          {translate("palette.hint")}
        </Typography>
      </Box>
    </>
  );
}
