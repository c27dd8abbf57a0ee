import { useState } from "react";
import { Avatar, Box, Button, CircularProgress, Stack, Typography } from "@mui/material";
import DeleteIcon from "@mui/icons-material/DeleteOutline";
import UploadIcon from "@mui/icons-material/FileUploadOutlined";
import { useWatch, type FieldValues } from "react-hook-form";
import {
  FileInput,
  Form,
  SaveButton,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from "react-admin";
import { AVATAR_MAX_BYTES } from "../../api/userSettings";
import type { CurrentUser } from "../../authProvider/useCurrentUser";
import { AVATAR_SIZE } from "../../config";
import type { ConsoleDataProvider } from "../../dataProvider";
import { ContractInput } from "../../resources/shared/ContractInput";
import { Section } from "../../resources/shared/Section";
import { VersionedEdit } from "../../resources/shared/VersionedEdit";
import { errorMessage } from "../errorMessage";
import { UserAvatar } from "../layout/UserAvatar";
import { useGraceRefusal } from "../../access/useGraceRefusal";
import { GraceNote } from "../../resources/shared/GraceNote";

/** What the dropzone accepts: the avatar formats (the service checks their content). */
const IMAGE_TYPES = { "image/png": [".png"], "image/jpeg": [".jpg", ".jpeg"] };

/** A chosen image, shown as the avatar will look (round, at the avatar's size). */
function ChosenImage() {
  const file = useRecordContext<RaRecord & { src?: string; title?: string }>();
  return <Avatar src={file?.src} alt={file?.title} sx={{ width: AVATAR_SIZE, height: AVATAR_SIZE }} />;
}

/** Save photo: only once an image is chosen. */
function SavePhotoButton() {
  const photo = useWatch({ name: "photo" }) as { rawFile?: File } | null | undefined;
  if (!photo?.rawFile) return null;
  return <SaveButton label="userSettings.profile.upload" icon={<UploadIcon />} />;
}

/**
 * The avatar: the current one (or the initials, spec §1), a dropzone with a round preview of the
 * chosen image, Save photo and Remove photo. The answer becomes the current user, so the app bar
 * shows the new avatar at once.
 */
function AvatarEditor({ user }: { user: CurrentUser }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  // A new form after each upload: the dropzone starts empty again.
  const [formKey, setFormKey] = useState(0);
  const [removing, setRemoving] = useState(false);
  // The grace period refuses a new photo and its removal alike: one reason for both.
  const uploadRefused = useGraceRefusal("POST /api/users/me/avatar");
  const removeRefused = useGraceRefusal("DELETE /api/users/me/avatar");
  const refused = uploadRefused ?? removeRefused;

  const upload = async (values: { photo?: { rawFile?: File } | null }) => {
    const file = values.photo?.rawFile;
    if (!(file instanceof File)) return;
    try {
      await dataProvider.uploadAvatar(file);
      notify("userSettings.profile.uploaded", { type: "success" });
      setFormKey((key) => key + 1);
    } catch (error) {
      notify(errorMessage(error), { type: "error" });
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await dataProvider.removeAvatar();
      notify("userSettings.profile.removed", { type: "success" });
    } catch (error) {
      notify(errorMessage(error), { type: "error" });
    } finally {
      setRemoving(false);
    }
  };

  const rejected = (files: readonly { errors: readonly { code: string }[] }[]) => {
    const codes = files.flatMap((file) => file.errors.map((error) => error.code));
    notify(codes.includes("file-too-large") ? "userSettings.profile.tooLarge" : "userSettings.profile.wrongType", {
      type: "error",
    });
  };

  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={3} alignItems={{ xs: "center", sm: "flex-start" }}>
      <Stack alignItems="center" spacing={1} sx={{ minWidth: 140 }}>
        {/* Keyed by the source: a new avatar is tried afresh even if an old one failed to load. */}
        <UserAvatar
          key={user.avatar ?? "initials"}
          firstName={user.firstName}
          lastName={user.lastName}
          src={user.avatar}
          size={AVATAR_SIZE}
        />
        {user.avatar && (
          <Button
            size="small"
            color="error"
            onClick={() => void remove()}
            disabled={removing || refused !== null}
            startIcon={removing ? <CircularProgress size={14} color="inherit" /> : <DeleteIcon />}
          >
            {translate("userSettings.profile.remove")}
          </Button>
        )}
      </Stack>
      <Box sx={{ flex: 1, width: "100%", minWidth: 0 }}>
        <Form
          key={formKey}
          disabled={refused !== null}
          onSubmit={(values: FieldValues) => upload(values as { photo?: { rawFile?: File } | null })}
        >
          <FileInput
            source="photo"
            label="userSettings.profile.photo"
            accept={IMAGE_TYPES}
            disabled={refused !== null}
            maxSize={AVATAR_MAX_BYTES}
            multiple={false}
            helperText="userSettings.profile.photoHelp"
            placeholder={
              <Typography variant="body2" color="text.secondary" sx={{ py: 1.5 }}>
                {translate("userSettings.profile.drop")}
              </Typography>
            }
            options={{ onDropRejected: rejected }}
            // react-admin's label is not tied to the dropzone's hidden file input: named here for screen readers.
            inputProps={{ "aria-label": translate("userSettings.profile.photo"), disabled: refused !== null }}
            sx={{ width: "100%", "& .RaFileInput-dropZone": { borderRadius: 1 } }}
          >
            <ChosenImage />
          </FileInput>
          {refused === null ? <SavePhotoButton /> : <GraceNote reason={refused} />}
        </Form>
      </Box>
    </Stack>
  );
}

/** First and last name: the user's own record (PUT users/{id}, versioned), as on My Profile. */
function NameForm({ user }: { user: CurrentUser }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const pick = (data: Record<string, unknown>) => ({
    version: data.version,
    firstName: data.firstName,
    lastName: data.lastName,
  });
  return (
    // The form's own padding lines its inputs up with the card's; its Save sits bare, like the other sections'.
    <Box sx={{ mx: -2, "& .MuiToolbar-root": { backgroundColor: "transparent" } }}>
      <VersionedEdit
        resource="users"
        id={user.id}
        write="PUT /api/users/{id}"
        transform={pick}
        // The saved user becomes the current user: the app bar shows the new name at once.
        onSaved={() => void dataProvider.getUser(user.id).catch(() => undefined)}
      >
        <ContractInput resource="users" source="firstName" label="userSettings.profile.firstName" />
        <ContractInput resource="users" source="lastName" label="userSettings.profile.lastName" />
      </VersionedEdit>
    </Box>
  );
}

export function ProfileSection({ user }: { user: CurrentUser }) {
  const translate = useTranslate();
  return (
    <Section title={translate("userSettings.profile.title")}>
      <Stack direction={{ xs: "column", lg: "row" }} spacing={3}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <AvatarEditor user={user} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" color="text.secondary">
            {translate("userSettings.profile.name")}
          </Typography>
          <NameForm user={user} />
        </Box>
      </Stack>
    </Section>
  );
}
