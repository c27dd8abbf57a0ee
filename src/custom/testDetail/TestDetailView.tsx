import { lazy, Suspense, useMemo, useState } from "react";
import { Box, Button, Stack, Typography } from "@mui/material";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import EditIcon from "@mui/icons-material/EditOutlined";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import ShareIcon from "@mui/icons-material/ShareOutlined";
import DeleteIcon from "@mui/icons-material/DeleteOutline";
import { Link } from "react-router-dom";
import { Confirm, useCanAccessCallback, useNotify, useTranslate } from "react-admin";
import type { ApiTest } from "../../api/tests";
import { PRODUCT_KEY } from "../../config";
import { AiRunPanel } from "../aiOverlay/AiRunPanel";
import { DetailsCards } from "./DetailsCards";
import { EditTestDialog } from "./EditTestDialog";
import { FilesSection } from "./FilesSection";
import { PasswordDialog } from "./PasswordDialog";
import { previewOf } from "../photos/photoSources";
import { PhotoGrid } from "./PhotoGrid";
import { SelectionBar } from "./SelectionBar";
import { ShareDialog } from "./ShareDialog";
import { fileSection, groupTestRuns } from "./testRules";
import { Section } from "../../resources/shared/Section";
import { TextSections } from "./TextSections";
import { useTestActions } from "./useTestActions";
import { UploadDialog } from "./UploadDialog";
import { useGraceRefusal } from "../../access/useGraceRefusal";
import { GraceNote } from "../../resources/shared/GraceNote";

const GRACE_NOTE_ID = "test-actions-grace-note";

const ImageViewer = lazy(() => import("./ImageViewer"));

type Dialog = "edit" | "upload" | "share" | "confirmDeleteTest" | "confirmDeletePhotos" | "password" | null;
type ProtectedAction = "deleteTest" | "deletePhotos";

/** The toolbar's buttons that open a dialog, in their order. */
const TOOLBAR_DIALOGS = [
  { opens: "edit", label: "testDetail.edit", Icon: EditIcon },
  { opens: "upload", label: "testDetail.addFile", Icon: AttachFileIcon },
  { opens: "share", label: "testDetail.share", Icon: ShareIcon },
] as const;

/** The test detail page (spec §2), private or public. */
export function TestDetailView({ test, publicView }: { test: ApiTest; publicView: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const canAccess = useCanAccessCallback();
  const { busy, refresh, deleteTest, deletePhotos, downloadPhotos } = useTestActions(test, publicView);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [protectedAction, setProtectedAction] = useState<ProtectedAction | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  // The writes the grace period refuses are offered disabled, the reason under the toolbar.
  const editRefused = useGraceRefusal("PUT /api/v2/tests/{id}");
  const uploadRefused = useGraceRefusal("POST /api/v2/tests/file");
  const shareRefused = useGraceRefusal("POST /api/tests/share/{id}");
  const deleteRefused = useGraceRefusal("DELETE /api/tests/{id}");
  const refused = editRefused ?? uploadRefused ?? shareRefused ?? deleteRefused;
  const dialogRefused = { edit: editRefused, upload: uploadRefused, share: shareRefused };
  const describedBy = (reason: string | null) => (reason ? GRACE_NOTE_ID : undefined);

  const runs = useMemo(() => groupTestRuns(test.files ?? [], PRODUCT_KEY), [test.files]);
  const otherImages = (test.files ?? []).filter((file) => fileSection(file, PRODUCT_KEY) === "otherImage");
  const documents = (test.files ?? []).filter((file) => fileSection(file, PRODUCT_KEY) === "file");
  const viewerImages = [...runs.flatMap((run) => run.files), ...otherImages];
  const openViewer = (fileId: string) => setViewerIndex(viewerImages.findIndex((file) => file._id === fileId));
  const selectable = !publicView;

  const toggle = (fileId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(fileId)) next.delete(fileId);
      else next.add(fileId);
      return next;
    });

  const askDelete = async () => {
    // Spec §6: the delete rule, answered by authProvider.canAccess like every other.
    if (!(await canAccess({ resource: "tests", action: "delete", record: test }))) {
      notify("testDetail.deleteRule.forbidden", { type: "warning" });
      return;
    }
    setDialog("confirmDeleteTest");
  };

  /** After an edit or an upload: the test as the service now has it. */
  const closeAndReload = () => {
    setDialog(null);
    void refresh();
  };

  const requirePassword = (action: ProtectedAction) => {
    setProtectedAction(action);
    setDialog("password");
  };

  const onPasswordConfirmed = () => {
    setDialog(null);
    if (protectedAction === "deleteTest") void deleteTest();
    if (protectedAction === "deletePhotos") {
      void deletePhotos([...selected]).then((deleted) => deleted && setSelected(new Set()));
    }
    setProtectedAction(null);
  };

  const title = test.isCopied ? `${test.name} ${translate("testDetail.copied")}` : test.name;

  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ wordBreak: "break-word" }}>
          {title}
        </Typography>
        <Typography color="text.secondary">
          {translate("testDetail.testId")}: <span data-testid="test-id">{test.id}</span>
        </Typography>
      </Box>

      {!publicView && (
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap role="toolbar" aria-label={title}>
          <Button component={Link} to="/gallery" startIcon={<ArrowBackIcon />}>
            {translate("testDetail.backToGallery")}
          </Button>
          <Box sx={{ flex: 1 }} />
          {TOOLBAR_DIALOGS.map(({ opens, label, Icon }) => (
            <Button
              key={opens}
              variant="outlined"
              startIcon={<Icon />}
              onClick={() => setDialog(opens)}
              disabled={dialogRefused[opens] !== null}
              aria-describedby={describedBy(dialogRefused[opens])}
            >
              {translate(label)}
            </Button>
          ))}
          <Button
            variant="contained"
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() => void askDelete()}
            disabled={busy || deleteRefused !== null}
            aria-describedby={describedBy(deleteRefused)}
          >
            {translate("testDetail.delete")}
          </Button>
        </Stack>
      )}
      {!publicView && refused !== null && (
        <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
          <GraceNote reason={refused} id={GRACE_NOTE_ID} />
        </Box>
      )}

      <DetailsCards test={test} publicView={publicView} />
      <TextSections test={test} />

      <Section title={translate("testDetail.sections.images")}>
        {runs.length === 0 && <Typography color="text.secondary">{translate("testDetail.noImages")}</Typography>}
        <Stack spacing={2}>
          {runs.map((run) => (
            <Box key={run.group} component="section" aria-label={run.label}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                {run.label}
              </Typography>
              <PhotoGrid
                files={run.files}
                selectable={selectable}
                selected={selected}
                onToggle={toggle}
                onOpen={openViewer}
              />
              <AiRunPanel
                testId={test.id}
                group={run.group}
                files={run.files}
                deviceType={test.device?.type}
                publicView={publicView}
                runLabel={run.label}
              />
            </Box>
          ))}
        </Stack>
      </Section>

      <Section title={translate("testDetail.sections.otherImages")}>
        {otherImages.length === 0 ? (
          <Typography color="text.secondary">{translate("testDetail.noImages")}</Typography>
        ) : (
          <PhotoGrid
            files={otherImages}
            selectable={selectable}
            selected={selected}
            onToggle={toggle}
            onOpen={openViewer}
          />
        )}
      </Section>

      <FilesSection files={documents} />

      {selectable && (
        <SelectionBar
          count={selected.size}
          busy={busy}
          onDownload={() => void downloadPhotos([...selected])}
          onDelete={() => setDialog("confirmDeletePhotos")}
          onClear={() => setSelected(new Set())}
        />
      )}

      {viewerIndex !== null && viewerIndex >= 0 && (
        <Suspense fallback={null}>
          <ImageViewer
            images={viewerImages.map((file) => ({
              src: file.link,
              alt: file.name,
              preview: previewOf(file.thumbnails),
            }))}
            index={viewerIndex}
            onClose={() => setViewerIndex(null)}
          />
        </Suspense>
      )}

      {!publicView && (
        <>
          {dialog === "edit" && editRefused === null && (
            <EditTestDialog test={test} open onClose={() => setDialog(null)} onSaved={closeAndReload} />
          )}
          <UploadDialog
            testId={test.id}
            open={dialog === "upload"}
            onClose={() => setDialog(null)}
            onUploaded={closeAndReload}
          />
          <ShareDialog testId={test.id} open={dialog === "share"} onClose={() => setDialog(null)} />
          <Confirm
            isOpen={dialog === "confirmDeleteTest"}
            title="testDetail.deleteRule.title"
            content="testDetail.deleteRule.body"
            confirm="testDetail.confirm.delete"
            confirmColor="warning"
            onConfirm={() => requirePassword("deleteTest")}
            onClose={() => setDialog(null)}
          />
          <Confirm
            isOpen={dialog === "confirmDeletePhotos"}
            title="testDetail.selection.deleteTitle"
            content="testDetail.selection.deleteBody"
            translateOptions={{ smart_count: selected.size }}
            confirm="testDetail.confirm.delete"
            confirmColor="warning"
            onConfirm={() => requirePassword("deletePhotos")}
            onClose={() => setDialog(null)}
          />
          <PasswordDialog
            open={dialog === "password"}
            onCancel={() => {
              setDialog(null);
              setProtectedAction(null);
            }}
            onConfirmed={onPasswordConfirmed}
            body={protectedAction === "deleteTest" ? "testDetail.password.deleteTestBody" : undefined}
          />
        </>
      )}
    </Stack>
  );
}
