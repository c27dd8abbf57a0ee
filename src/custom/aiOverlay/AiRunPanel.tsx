import { lazy, Suspense, useState } from "react";
import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import RefreshIcon from "@mui/icons-material/Refresh";
import { useTranslate, type TranslateFunction } from "react-admin";
import { AI_MODELS, isAiModel, type AiModel, type StoneType } from "../../api/ai";
import { FILE_KIND, type ApiTestFile } from "../../api/tests";
import { PRODUCT_KEY } from "../../config";
import { fileKind } from "../testDetail/testRules";
import { AI_ERROR_MESSAGE, isLatestUsableResult } from "./aiJob";
import { confidencePercent, countByType, fitCanvas, STONE_COLORS, STONE_DASHES, type DrawnPolygon } from "./polygons";
import { useAiJob, type AiOverlayState } from "./useAiJob";
import { useElementWidth } from "./useElementWidth";

// Konva and react-konva load with this chunk only when a result is drawn (DESIGN: heavy parts on demand).
const AiOverlayCanvas = lazy(() => import("./AiOverlayCanvas"));

/** The overlay's width before the layout is measured; also its cap, so a photo stays on screen. */
const OVERLAY_MAX_WIDTH = 480;

export interface AiRunPanelProps {
  testId: string;
  group: number;
  /** The run's photos in display order (testRules.groupTestRuns). */
  files: readonly ApiTestFile[];
  deviceType: number | null | undefined;
  publicView: boolean;
  /** Accessible name of the run ("Test Run #1"), for the switch. */
  runLabel: string;
}

/** The photo the polygons are drawn over: the run's Result photo, else its first. */
export const overlayPhoto = (files: readonly ApiTestFile[]): ApiTestFile | undefined =>
  files.find((file) => fileKind(file, PRODUCT_KEY) === FILE_KIND.Result) ?? files[0];

/**
 * One test run's AI switch and result (spec §2): on fetches or generates the result (aiJob.ts),
 * off clears it. Regenerate is disabled when the result comes from the latest model, and absent
 * in the public view, which may only look.
 */
export function AiRunPanel({ testId, group, files, deviceType, publicView, runLabel }: AiRunPanelProps) {
  const translate = useTranslate();
  // Spec §3 names three models but not which one the console asks for: ours defaults to the
  // first, RAMI, and the private view may pick another. Changing it while on shows that model's
  // result (GET …/result?aiModel=…); a trigger then sends it with the device type (spec §7).
  const [model, setModel] = useState<AiModel>(AI_MODELS[0]);
  const { state, switchOn, switchOff, regenerate } = useAiJob({ testId, group, deviceType, publicView });
  const on = state.status !== "off";
  const running = state.status === "running";
  const empty = state.status === "completed" && state.polygons.length === 0;
  const photo = overlayPhoto(files);

  const chooseModel = (value: string) => {
    if (!isAiModel(value)) return;
    setModel(value);
    if (on) switchOn(value);
  };

  return (
    <Box sx={{ mt: 1.5 }} data-testid={`ai-run-${group}`}>
      <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap>
        <FormControlLabel
          control={
            <Switch
              checked={on}
              onChange={(event) => (event.target.checked ? switchOn(model) : switchOff())}
              slotProps={{ input: { "aria-label": translate("ai.toggle", { run: runLabel }) } }}
            />
          }
          label={
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {translate("ai.label")}
              {empty && (
                <Typography component="span" color="error" sx={{ ml: 0.5, fontWeight: 600 }}>
                  {translate("ai.failedLabel")}
                </Typography>
              )}
            </Typography>
          }
        />
        {!publicView && (
          <TextField
            fullWidth={false}
            select
            size="small"
            label={translate("ai.model")}
            value={model}
            onChange={(event) => chooseModel(event.target.value)}
            disabled={running}
            sx={{ minWidth: 120 }}
          >
            {AI_MODELS.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {!publicView && on && <RegenerateButton state={state} onClick={() => regenerate(model)} />}
        {state.status === "failed" && (
          <Typography color="error" variant="body2" role="alert">
            {translate(AI_ERROR_MESSAGE[state.error])}
          </Typography>
        )}
      </Stack>

      {state.status === "running" && <Progress state={state} />}

      {/* The photo's box is laid out as soon as the switch is on, so the result only adds its drawing. */}
      {(running || (state.status === "completed" && state.polygons.length > 0)) && (
        <ResultView polygons={state.status === "completed" ? state.polygons : null} photo={photo} group={group} />
      )}
    </Box>
  );
}

function RegenerateButton({ state, onClick }: { state: AiOverlayState; onClick: () => void }) {
  const translate = useTranslate();
  const latest = isLatestUsableResult(state);
  const button = (
    <Button
      size="small"
      variant="outlined"
      startIcon={<RefreshIcon />}
      onClick={onClick}
      disabled={latest || state.status === "running"}
    >
      {translate("ai.regenerate")}
    </Button>
  );
  // A disabled button gets no pointer events: the span lets its tooltip say why.
  return latest ? (
    <Tooltip title={translate("ai.regenerateLatest")}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

function Progress({ state }: { state: Extract<AiOverlayState, { status: "running" }> }) {
  const translate = useTranslate();
  const { progress } = state;
  const text =
    progress.phase === "polling"
      ? translate("ai.polling", { attempt: progress.attempt, of: progress.of })
      : translate(`ai.${progress.phase}`);
  return (
    <Box sx={{ maxWidth: OVERLAY_MAX_WIDTH, mt: 1 }}>
      <LinearProgress
        aria-label={text}
        variant={progress.phase === "polling" ? "determinate" : "indeterminate"}
        value={progress.phase === "polling" ? (100 * progress.attempt) / progress.of : undefined}
      />
      <Typography variant="caption" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}

function ResultView({
  polygons,
  photo,
  group,
}: {
  /** Null while the result is on its way: the photo shows, the drawing and legend follow. */
  polygons: DrawnPolygon[] | null;
  photo: ApiTestFile | undefined;
  group: number;
}) {
  const translate = useTranslate();
  const { ref, width } = useElementWidth<HTMLDivElement>(OVERLAY_MAX_WIDTH);
  const size = fitCanvas(Math.min(width, OVERLAY_MAX_WIDTH));
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 1 }} alignItems="flex-start">
      <Box ref={ref} sx={{ width: "100%", maxWidth: OVERLAY_MAX_WIDTH }}>
        {photo ? (
          <Box sx={{ position: "relative", width: size.width, height: size.height, bgcolor: "grey.100" }}>
            {/* Stretched to the canvas's box: polygon coordinates are in the photo's own 3120 × 4192 space. */}
            <Box
              component="img"
              src={photo.link}
              alt={photo.name}
              sx={{ display: "block", width: "100%", height: "100%", objectFit: "fill" }}
            />
            {polygons && (
              // What the drawing shows, in words: the photo's alt names the photo, not the stones.
              <Box
                sx={{ position: "absolute", inset: 0 }}
                role="img"
                aria-label={translate("ai.overlay", {
                  photo: photo.name,
                  stones:
                    countByType(polygons)
                      .map(({ type, count }) => countWords(translate, type, count))
                      .join(", ") || translate("ai.noStones"),
                })}
              >
                <Suspense fallback={null}>
                  <AiOverlayCanvas polygons={polygons} width={size.width} height={size.height} scale={size.scale} />
                </Suspense>
              </Box>
            )}
          </Box>
        ) : (
          <Typography color="text.secondary">{translate("ai.noPhoto")}</Typography>
        )}
      </Box>
      {polygons && <Legend polygons={polygons} group={group} />}
    </Stack>
  );
}

/** "CVD: 2": a type's count, as the legend and the drawing's name say it. */
const countWords = (translate: TranslateFunction, type: StoneType, count: number) =>
  translate("ai.count", { type: translate(`ai.types.${type}`), count });

/** A type's outline as drawn over the photo: its colour and its line (solid, dashed…). */
function StoneLine({ type }: { type: StoneType }) {
  return (
    <Box component="svg" width={24} height={10} aria-hidden sx={{ ml: "8px !important", flexShrink: 0 }}>
      <line
        x1={0}
        y1={5}
        x2={24}
        y2={5}
        stroke={STONE_COLORS[type]}
        strokeWidth={3}
        strokeDasharray={STONE_DASHES[type].join(" ") || undefined}
      />
    </Box>
  );
}

function Legend({ polygons, group }: { polygons: DrawnPolygon[]; group: number }) {
  const translate = useTranslate();
  return (
    <>
      <Box data-testid={`ai-legend-${group}`}>
        {/* The list's caption, not a heading: an h6 here skipped the page's heading levels. */}
        <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
          {translate("ai.legend")}
        </Typography>
        {/* The list holds only its items; its heading stands above it. */}
        <Stack
          direction={{ xs: "row", sm: "column" }}
          spacing={0.5}
          flexWrap="wrap"
          useFlexGap
          role="list"
          aria-label={translate("ai.legend")}
        >
          {countByType(polygons).map(({ type, count }) => (
            <Chip
              key={type}
              role="listitem"
              size="small"
              variant="outlined"
              data-type={type}
              data-count={count}
              label={countWords(translate, type, count)}
              sx={{ borderColor: STONE_COLORS[type], borderWidth: 2, fontWeight: 600, justifyContent: "flex-start" }}
              icon={<StoneLine type={type} />}
            />
          ))}
        </Stack>
      </Box>
      {/* Each stone's type and confidence in words: the drawing shows them on hover or tap only. */}
      {polygons.length > 0 && (
        <Box component="details" sx={{ mt: 1, "& summary": { cursor: "pointer", color: "text.secondary" } }}>
          <summary>{translate("ai.eachStone")}</summary>
          <Box component="ol" sx={{ my: 0.5, pl: 3 }}>
            {polygons.map((polygon) => (
              <li key={polygon.index}>
                {translate("ai.tip", {
                  type: translate(`ai.types.${polygon.type}`),
                  confidence: confidencePercent(polygon.confidence),
                })}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}
