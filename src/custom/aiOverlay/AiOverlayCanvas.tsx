import { useState } from "react";
import { Box } from "@mui/material";
import { Layer, Line, Stage } from "react-konva";
import { useTranslate } from "react-admin";
import { STONE_COLORS, confidencePercent, scalePoints, stoneFill, tipAnchor, type DrawnPolygon } from "./polygons";

export interface AiOverlayCanvasProps {
  polygons: readonly DrawnPolygon[];
  /** Displayed size and the canvas-space → pixels factor (polygons.fitCanvas). */
  width: number;
  height: number;
  scale: number;
}

/**
 * The AI result drawn over a photo with Konva (spec §2): each polygon stroked in its type's colour
 * and filled semi-transparent; hovering or tapping one shows its type and confidence. It is the
 * default export so the overlay loads on demand (React.lazy): Konva stays out of the main bundle.
 */
export default function AiOverlayCanvas({ polygons, width, height, scale }: AiOverlayCanvasProps) {
  const translate = useTranslate();
  const [active, setActive] = useState<number | null>(null);
  const shown = active !== null ? polygons[active] : undefined;
  const anchor = shown ? tipAnchor(shown.points, scale) : null;

  return (
    <Box sx={{ position: "relative", width, height }}>
      <Stage width={width} height={height}>
        <Layer>
          {polygons.map((polygon, position) => {
            const color = STONE_COLORS[polygon.type];
            return (
              <Line
                key={`${polygon.index}-${position}`}
                name={`ai-polygon ai-${polygon.type}`}
                points={scalePoints(polygon.points, scale)}
                closed
                stroke={color}
                strokeWidth={active === position ? 3 : 2}
                fill={stoneFill(polygon.type)}
                onMouseEnter={() => setActive(position)}
                onMouseLeave={() => setActive((current) => (current === position ? null : current))}
                // A tap has no hover: it toggles the tip instead.
                onTap={() => setActive((current) => (current === position ? null : position))}
                onClick={() => setActive(position)}
              />
            );
          })}
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
