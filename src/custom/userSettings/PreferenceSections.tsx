import { useMemo } from "react";
import { Box, Stack, Typography } from "@mui/material";
import type { FieldValues } from "react-hook-form";
import {
  BooleanInput,
  Form,
  RadioButtonGroupInput,
  SaveButton,
  SelectInput,
  required,
  useNotify,
  useSidebarState,
  useTranslate,
} from "react-admin";
import type { Role } from "../../api/types";
import {
  emailKindsFor,
  ROWS_PER_PAGE_OPTIONS,
  THEMES,
  type PreferencesUpdate,
  type UserPreferences,
} from "../../api/userSettings";
import { Section } from "../../resources/shared/Section";
import { errorMessage } from "../errorMessage";
import { useSavePreferences } from "./preferences";

/**
 * A form's record that changes only when its own values do: react-admin resets a form when its
 * record changes, and saving another section must not wipe what the user is typing here.
 */
function useSectionRecord<T extends object>(values: T): T {
  // Preferences are plain JSON: the text is the identity, and the record is rebuilt only when it changes.
  const key = JSON.stringify(values);
  return useMemo(() => JSON.parse(key) as T, [key]);
}

/** Saves a section's values and says how it went; answers the preferences when saved. */
function useSaveSection(savedMessage: string) {
  const save = useSavePreferences();
  const notify = useNotify();
  return async (update: Omit<PreferencesUpdate, "version">): Promise<UserPreferences | null> => {
    try {
      const result = await save(update);
      if (result.kind === "changedElsewhere") {
        notify("userSettings.changedElsewhere", { type: "warning" });
        return null;
      }
      notify(savedMessage, { type: "success" });
      return result.preferences;
    } catch (error) {
      notify(errorMessage(error), { type: "error" });
      return null;
    }
  };
}

/** One switch per email the user's role receives (payments' only for those who see payments). */
export function EmailSection({
  preferences,
  role,
  email,
}: {
  preferences: UserPreferences;
  role: Role;
  email: string;
}) {
  const translate = useTranslate();
  const kinds = emailKindsFor(role);
  const record = useSectionRecord({
    emailNotifications: Object.fromEntries(kinds.map((kind) => [kind, preferences.emailNotifications[kind]])),
  });
  const saveSection = useSaveSection("userSettings.email.saved");
  return (
    <Section title={translate("userSettings.email.title")}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate("userSettings.email.help", { email })}
      </Typography>
      <Form
        record={record}
        onSubmit={async (values: FieldValues) => {
          await saveSection({ emailNotifications: (values as typeof record).emailNotifications });
        }}
      >
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, columnGap: 4 }}>
          {kinds.map((kind) => (
            <BooleanInput
              key={kind}
              source={`emailNotifications.${kind}`}
              label={`userSettings.email.kinds.${kind}.label`}
              helperText={`userSettings.email.kinds.${kind}.help`}
            />
          ))}
        </Box>
        <SaveButton sx={{ mt: 1 }} />
      </Form>
    </Section>
  );
}

/** Theme, the sidebar at sign-in, and the lists' rows per page. */
export function InterfaceSection({ preferences }: { preferences: UserPreferences }) {
  const translate = useTranslate();
  const [, setSidebarOpen] = useSidebarState();
  const record = useSectionRecord({
    theme: preferences.theme,
    sidebarOpen: preferences.sidebarOpen,
    rowsPerPage: preferences.rowsPerPage,
  });
  const saveSection = useSaveSection("userSettings.interface.saved");
  return (
    <Section title={translate("userSettings.interface.title")}>
      <Form
        record={record}
        onSubmit={async (values: FieldValues) => {
          const { theme, sidebarOpen, rowsPerPage } = values as typeof record;
          const saved = await saveSection({ theme, sidebarOpen, rowsPerPage });
          // The theme follows the saved preferences everywhere; the sidebar shows the choice now.
          if (saved && sidebarOpen !== record.sidebarOpen) setSidebarOpen(saved.sidebarOpen);
        }}
      >
        <Stack sx={{ maxWidth: 420 }}>
          <RadioButtonGroupInput
            source="theme"
            label="userSettings.interface.theme"
            choices={THEMES.map((theme) => ({ id: theme, name: `userSettings.interface.themes.${theme}` }))}
            helperText={false}
          />
          <BooleanInput
            source="sidebarOpen"
            label="userSettings.interface.sidebarOpen"
            helperText="userSettings.interface.sidebarOpenHelp"
          />
          <SelectInput
            source="rowsPerPage"
            label="userSettings.interface.rowsPerPage"
            choices={ROWS_PER_PAGE_OPTIONS.map((rows) => ({ id: rows, name: String(rows) }))}
            translateChoice={false}
            helperText="userSettings.interface.rowsPerPageHelp"
            validate={required()}
          />
          <div>
            <SaveButton />
          </div>
        </Stack>
      </Form>
    </Section>
  );
}
