import { useState } from "react";
import { Box } from "@mui/material";
import type Konva from "konva";
import { Layer, Line, Shape, Stage } from "react-konva";
import { useTranslate } from "react-admin";
import {
  STONE_COLORS,
  confidencePercent,
  drawPolygons,
  polygonAt,
  scalePoints,
  tipAnchor,
  type DrawnPolygon,
} from "./polygons";

/** The name of the user-timing measure of each overlay draw. */
const DRAW_MEASURE = "ai-overlay-draw";

export interface AiOverlayCanvasProps {
  polygons: readonly DrawnPolygon[];
  /** Displayed size and the canvas-space → pixels factor (polygons.fitCanvas). */
  width: number;
  height: number;
  scale: number;
}

/**
 * The AI result drawn over a photo with Konva (spec §2): each polygon stroked in its type's colour
 * and filled semi-transparent; hovering or tapping one shows its type and confidence.
 * Thousands of polygons stay fast because they are one Konva shape (one draw call per type), and
 * the pointer is hit-tested in plain code (polygonAt) rather than by a Konva node per stone. It is
 * the default export so the overlay loads on demand (React.lazy): Konva stays out of the main bundle.
 */
export default function AiOverlayCanvas({ polygons, width, height, scale }: AiOverlayCanvasProps) {
  const translate = useTranslate();
  const [active, setActive] = useState<number | null>(null);
  const shown = active !== null ? polygons[active] : undefined;
  const anchor = shown ? tipAnchor(shown.points, scale) : null;

  const pointed = (event: Konva.KonvaEventObject<Event>) => {
    const pointer = event.target.getStage()?.getPointerPosition();
    return pointer ? polygonAt(polygons, pointer.x / scale, pointer.y / scale) : null;
  };

  return (
    <Box sx={{ position: "relative", width, height }}>
      <Stage
        width={width}
        height={height}
        onMouseMove={(event) => setActive(pointed(event))}
        onMouseLeave={() => setActive(null)}
        // A tap has no hover: it toggles the tip instead.
        onTap={(event) => {
          const position = pointed(event);
          setActive((current) => (current === position ? null : position));
        }}
      >
        <Layer listening={false}>
          <Shape
            name="ai-polygons"
            sceneFunc={(context) => {
              const start = performance.now();
              drawPolygons(context, polygons, scale);
              // A user-timing entry, so benchmarks (bench/overlay.ts) can read the draw's own cost.
              performance.measure(DRAW_MEASURE, { start });
            }}
          />
          {shown && (
            <Line
              name="ai-highlight"
              points={scalePoints(shown.points, scale)}
              closed
              stroke={STONE_COLORS[shown.type]}
              strokeWidth={4}
            />
          )}
        </Layer>
      </Stage>
      {shown && anchor && (
        <Box
          role="status"
          data-testid="ai-polygon-tip"
          sx={{
            position: "absolute",
            left: anchor.x,
            top: anchor.y,
            transform: "translate(-50%, calc(-100% - 4px))",
            px: 1,
            py: 0.25,
            borderRadius: 1,
            bgcolor: "rgba(0, 0, 0, 0.75)",
            color: "common.white",
            fontSize: 12,
            fontWeight: 600,
            whiteSpace: "nowrap",
            pointerEvents: "none",
          }}
        >
          {translate("ai.tip", {
            type: translate(`ai.types.${shown.type}`),
            confidence: confidencePercent(shown.confidence),
          })}
        </Box>
      )}
    </Box>
  );
}
