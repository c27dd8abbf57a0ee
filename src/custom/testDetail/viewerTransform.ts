import {
  LIGHTBOX_DOUBLE_CLICK_ZOOM,
  LIGHTBOX_PAN_STEP,
  LIGHTBOX_ROTATE_DEGREES,
  LIGHTBOX_ZOOM_STEP,
} from "../../config";

/** The lightbox's view of one image (spec §9: zoom step 0.3, double-click 4, pan 20, rotate 90°). */
export interface ViewerTransform {
  scale: number;
  rotation: number;
  x: number;
  y: number;
}

export const IDENTITY: ViewerTransform = { scale: 1, rotation: 0, x: 0, y: 0 };

export type ViewerAction =
  | { type: "zoomIn" }
  | { type: "zoomOut" }
  | { type: "doubleClick" }
  | { type: "rotate" }
  | { type: "pan"; dx: -1 | 0 | 1; dy: -1 | 0 | 1 }
  | { type: "reset" };

const MIN_SCALE = 1;
const MAX_SCALE = 8;
const round = (value: number) => Math.round(value * 1000) / 1000;

export function viewerReducer(state: ViewerTransform, action: ViewerAction): ViewerTransform {
  switch (action.type) {
    case "zoomIn":
      return { ...state, scale: Math.min(MAX_SCALE, round(state.scale + LIGHTBOX_ZOOM_STEP)) };
    case "zoomOut": {
      const scale = Math.max(MIN_SCALE, round(state.scale - LIGHTBOX_ZOOM_STEP));
      // Back at full size there is nothing to pan over.
      return scale === MIN_SCALE ? { ...state, scale, x: 0, y: 0 } : { ...state, scale };
    }
    case "doubleClick":
      // Double-click zooms straight to 4×, and from there back to the whole image.
      return state.scale === 1 ? { ...state, scale: LIGHTBOX_DOUBLE_CLICK_ZOOM } : { ...state, scale: 1, x: 0, y: 0 };
    case "rotate":
      return { ...state, rotation: (state.rotation + LIGHTBOX_ROTATE_DEGREES) % 360 };
    case "pan":
      if (state.scale === 1) return state;
      return { ...state, x: state.x + action.dx * LIGHTBOX_PAN_STEP, y: state.y + action.dy * LIGHTBOX_PAN_STEP };
    case "reset":
      return IDENTITY;
  }
}

export const transformCss = ({ scale, rotation, x, y }: ViewerTransform): string =>
  `translate(${x}px, ${y}px) scale(${scale}) rotate(${rotation}deg)`;
