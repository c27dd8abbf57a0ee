import { useState } from "react";
import { Box, Toolbar } from "@mui/material";
import ResetIcon from "@mui/icons-material/RestartAltOutlined";
import { useWatch } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { RadioButtonGroupInput, TextInput, type Validator } from "react-admin";
import { FORCED_RESET_TARGETS, FORCED_RESETS, PHONE_TEXT_MAX_LENGTH } from "../../api/advancedSettings";
import type { Device, User } from "../../api/resources";
import { SubmitButton } from "../shared/ConfirmButton";
import { CreateForm } from "../shared/FormDialog";
import { deviceName } from "../shared/deviceName";
import { resetBody } from "./resetRules";
import { ReferencePicker } from "../shared/pickers";

/** Filled after trimming, or the service's own words for what is missing. */
const filled =
  (message: string): Validator =>
  (value) =>
    typeof value === "string" && value.trim() ? undefined : message;

const VALIDATE = {
  userId: filled("advancedSettings.resets.missing.userId"),
  deviceId: filled("advancedSettings.resets.missing.deviceId"),
  phoneBrand: filled("advancedSettings.resets.missing.phoneBrand"),
  phoneModel: filled("advancedSettings.resets.missing.phoneModel"),
  phoneOs: filled("advancedSettings.resets.missing.phoneOs"),
};

const TARGET_CHOICES = FORCED_RESET_TARGETS.map((target) => ({
  id: target,
  name: `advancedSettings.resets.targets.${target}`,
}));

const userOption = (user: User) => `${user.firstName} ${user.lastName} · ${user.accountName}`;
const deviceOption = (device: Device) =>
  [deviceName(device), device.customBoxName ? device.serialNumber : null, device.accountName]
    .filter(Boolean)
    .join(" · ");

const label = (name: string) => `resources.${FORCED_RESETS}.fields.${name}`;
const help = (name: string) => `advancedSettings.resets.help.${name}`;
const bounded = { htmlInput: { maxLength: PHONE_TEXT_MAX_LENGTH } };

/** A target's input, all named after its field: the value, its label, its help and its check. */
const targetField = (name: keyof typeof VALIDATE) => ({
  source: name,
  label: label(name),
  helperText: help(name),
  validate: VALIDATE[name],
});

/** The input of the target chosen: a user, a device (its phone), a brand and model, an OS version. */
function TargetInput() {
  const target = useWatch({ name: "target" }) as string;
  switch (target) {
    case "phone":
      return <ReferencePicker {...targetField("deviceId")} reference="devices" optionText={deviceOption} fullWidth />;
    case "phone_model":
      return (
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2, width: "100%" }}>
          <TextInput {...targetField("phoneBrand")} slotProps={bounded} />
          <TextInput {...targetField("phoneModel")} slotProps={bounded} />
        </Box>
      );
    case "os_version":
      return <TextInput {...targetField("phoneOs")} slotProps={bounded} fullWidth />;
    default:
      return <ReferencePicker {...targetField("userId")} reference="users" optionText={userOption} fullWidth />;
  }
}

/**
 * Ask for a forced reset (spec §6's change log): the target, then its input; after the password
 * re-check, POST forced-resets. The service's refusals land under their fields (an unknown user,
 * a reset of the same target already pending); a created reset empties the form and appears in
 * the pending list.
 */
export function ForcedResetForm({ confirm }: { confirm: () => Promise<boolean> }) {
  const queryClient = useQueryClient();
  // A new form after each reset asked for: empty again, the target back to a user.
  const [round, setRound] = useState(0);
  return (
    <CreateForm
      key={round}
      resource={FORCED_RESETS}
      success="advancedSettings.resets.created"
      transform={resetBody}
      onCreated={async () => {
        setRound((value) => value + 1);
        await queryClient.invalidateQueries({ queryKey: [FORCED_RESETS] });
      }}
      // The create's own save runs once the password re-check passed.
      beforeSave={confirm}
      defaultValues={{ target: "user" }}
      sx={{ px: 0 }}
      toolbar={
        <Toolbar disableGutters sx={{ minHeight: "auto", pt: 1 }}>
          <SubmitButton label="advancedSettings.resets.submit" icon={<ResetIcon />} />
        </Toolbar>
      }
    >
      <RadioButtonGroupInput source="target" label={label("target")} choices={TARGET_CHOICES} helperText={false} />
      <TargetInput />
    </CreateForm>
  );
}
