import { useState } from "react";
import { Box, Button, Chip, Stack, Tab, Tabs, Typography } from "@mui/material";
import RestoreIcon from "@mui/icons-material/SettingsBackupRestoreOutlined";
import { useFormContext } from "react-hook-form";
import { useSearchParams } from "react-router-dom";
import {
  BooleanInput,
  NumberInput,
  RadioButtonGroupInput,
  useGetList,
  useRecordContext,
  useTranslate,
  type Validator,
} from "react-admin";
import {
  BOX_SETTING_FIELDS,
  BOX_TYPE_CODES,
  BOX_TYPE_SETTINGS,
  DEFAULT_BOX_TYPE_SETTINGS,
  FIRMWARE_CHANNELS,
  type BoxTypeSettings,
} from "../../api/advancedSettings";
import { deviceTypeName } from "../../api/tests";
import { formatDateTime } from "../../custom/format";
import { Section } from "../shared/Section";
import { VersionedEdit } from "../shared/VersionedEdit";
import { settingProblem, settingsBody, type NumericSetting } from "./settingsRules";

const inRange =
  (setting: NumericSetting): Validator =>
  (value) =>
    settingProblem(setting, value);

const VALIDATE: Record<NumericSetting, Validator> = {
  testTimeoutSeconds: inRange("testTimeoutSeconds"),
  jpegQuality: inRange("jpegQuality"),
  configRefreshMinutes: inRange("configRefreshMinutes"),
};

const FIRMWARE_CHOICES = FIRMWARE_CHANNELS.map((channel) => ({
  id: channel,
  name: `advancedSettings.boxTypes.channels.${channel}`,
}));

/** Who changed this box type's settings last, or that it is on the defaults. */
function SettingsStatus() {
  const translate = useTranslate();
  const record = useRecordContext<BoxTypeSettings>();
  if (!record) return null;
  return (
    <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
      {record.isDefault
        ? translate("advancedSettings.boxTypes.onDefaults")
        : translate("advancedSettings.boxTypes.changedBy", {
            name: record.updatedByName ?? translate("advancedSettings.boxTypes.someone"),
            when: record.updatedAt ? formatDateTime(record.updatedAt) : "",
            version: record.version,
          })}
    </Typography>
  );
}

/** Puts the defaults in the form; the person still saves them (with the password re-check). */
function RestoreDefaultsButton() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const restore = () => {
    for (const field of BOX_SETTING_FIELDS) {
      setValue(`settings.${field}`, DEFAULT_BOX_TYPE_SETTINGS[field], { shouldDirty: true, shouldValidate: true });
    }
  };
  return (
    <Button onClick={restore} startIcon={<RestoreIcon />}>
      {translate("advancedSettings.boxTypes.restoreDefaults")}
    </Button>
  );
}

const field = (name: string) => `resources.${BOX_TYPE_SETTINGS}.fields.settings.${name}`;
const help = (name: string) => `advancedSettings.boxTypes.help.${name}`;

/** A setting's input, all named after it: the value under `settings`, its label and its help. */
const settingField = (name: string) => ({ source: `settings.${name}`, label: field(name), helperText: help(name) });

/** The numeric settings, in the form's order: whole numbers, each checked against its range. */
const NUMERIC_SETTINGS: readonly NumericSetting[] = ["testTimeoutSeconds", "configRefreshMinutes", "jpegQuality"];

/** One box type's form: react-admin's versioned edit (409: the conflict alert), saved after the re-check. */
function BoxTypeForm({ typeCode, beforeSave }: { typeCode: number; beforeSave: () => Promise<boolean> }) {
  return (
    <VersionedEdit
      resource={BOX_TYPE_SETTINGS}
      id={String(typeCode)}
      write="PUT /api/box-type-settings/{typeCode}"
      transform={settingsBody}
      beforeSave={beforeSave}
      toolbar={<RestoreDefaultsButton />}
    >
      <SettingsStatus />
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "1fr", md: "repeat(2, minmax(0, 1fr))" },
          columnGap: 3,
          width: "100%",
        }}
      >
        {NUMERIC_SETTINGS.map((name) => (
          <NumberInput key={name} {...settingField(name)} validate={VALIDATE[name]} step={1} />
        ))}
        <RadioButtonGroupInput {...settingField("firmwareChannel")} choices={FIRMWARE_CHOICES} />
        <BooleanInput {...settingField("aiAnalysis")} />
      </Box>
    </VersionedEdit>
  );
}

/**
 * Settings per box type (spec §6's change log): a tab per device type, each a react-admin form.
 * A tab's form stays mounted once opened, so switching tabs keeps what was typed in another; the
 * tab is in the address (?type=8501), where the Activity Feed links.
 */
export function BoxTypeSettingsSection({ confirm }: { confirm: () => Promise<boolean> }) {
  const translate = useTranslate();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = Number(searchParams.get("type"));
  const current = BOX_TYPE_CODES.includes(asked) ? asked : BOX_TYPE_CODES[0]!;
  // A tab's form is made when the tab is first opened, and then kept (hidden when another is).
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set([current]));
  if (!opened.has(current)) setOpened(new Set([...opened, current]));
  const { data } = useGetList<BoxTypeSettings>(BOX_TYPE_SETTINGS, { pagination: { page: 1, perPage: 25 } });
  const changed = new Set((data ?? []).filter((row) => !row.isDefault).map((row) => row.typeCode));

  return (
    <Section title={translate("advancedSettings.boxTypes.title")}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate("advancedSettings.boxTypes.intro")}
      </Typography>
      <Tabs
        value={current}
        onChange={(_, code: number) => setSearchParams({ type: String(code) }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={translate("advancedSettings.boxTypes.title")}
        sx={{ borderBottom: 1, borderColor: "divider" }}
      >
        {BOX_TYPE_CODES.map((code) => (
          <Tab
            key={code}
            value={code}
            id={`box-type-tab-${code}`}
            aria-controls={`box-type-panel-${code}`}
            label={
              <Stack direction="row" spacing={1} alignItems="center">
                <span>{deviceTypeName(code)}</span>
                {changed.has(code) && (
                  <Chip size="small" label={translate("advancedSettings.boxTypes.customized")} variant="outlined" />
                )}
              </Stack>
            }
          />
        ))}
      </Tabs>
      {BOX_TYPE_CODES.map((code) => (
        <Box
          key={code}
          role="tabpanel"
          id={`box-type-panel-${code}`}
          aria-labelledby={`box-type-tab-${code}`}
          hidden={code !== current}
          sx={{ pt: 2, "& .RaSimpleForm-root, & .MuiCardContent-root": { px: 0 } }}
        >
          {opened.has(code) && <BoxTypeForm typeCode={code} beforeSave={confirm} />}
        </Box>
      ))}
    </Section>
  );
}
