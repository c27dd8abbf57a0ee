import { useEffect, useReducer, useState } from "react";
import Lightbox from "yet-another-react-lightbox";
import "yet-another-react-lightbox/styles.css";
import ZoomInIcon from "@mui/icons-material/ZoomIn";
import ZoomOutIcon from "@mui/icons-material/ZoomOut";
import RotateIcon from "@mui/icons-material/RotateRight";
import ResetIcon from "@mui/icons-material/RestartAlt";
import { useTranslate } from "react-admin";
import { IDENTITY, transformCss, viewerReducer } from "./viewerTransform";

export interface ViewerImage {
  /** The photo itself. */
  src: string;
  alt: string;
  /** A smaller copy shown at once while the photo (several MB from a device) loads; optional. */
  preview?: string;
}

/**
 * The photo, progressively: its preview first, then the original once it has loaded (loading out
 * of sight meanwhile). Zoom, rotation and double-click apply to whichever is shown.
 */
function ProgressiveImage({
  src,
  preview,
  alt,
  style,
  onDoubleClick,
}: ViewerImage & { style: React.CSSProperties; onDoubleClick: () => void }) {
  const [loaded, setLoaded] = useState(preview === undefined);
  return (
    <>
      {!loaded && (
        // Stretched to the original's box (a thumbnail is narrower than the screen; the photo is not).
        <img
          src={preview}
          alt={alt}
          draggable={false}
          onDoubleClick={onDoubleClick}
          style={{ ...style, width: "100%", height: "100%" }}
        />
      )}
      <img
        src={src}
        alt={loaded ? alt : ""}
        aria-hidden={loaded ? undefined : true}
        draggable={loaded ? false : undefined}
        onLoad={() => setLoaded(true)}
        onDoubleClick={onDoubleClick}
        style={loaded ? style : { position: "absolute", width: 1, height: 1, opacity: 0, pointerEvents: "none" }}
      />
    </>
  );
}

interface ImageViewerProps {
  images: readonly ViewerImage[];
  index: number;
  onClose: () => void;
}

const PAN_KEYS: Record<string, [-1 | 0 | 1, -1 | 0 | 1]> = {
  ArrowLeft: [1, 0],
  ArrowRight: [-1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

/**
 * Spec §2, §9: images full screen, cycling with wrap-around; zoom by 0.3, double-click to 4×,
 * arrow keys pan by 20 while zoomed (and change image otherwise), rotate by 90°, reset.
 * Loaded on demand with the lightbox it wraps.
 */
export default function ImageViewer({ images, index, onClose }: ImageViewerProps) {
  const translate = useTranslate();
  const [current, setCurrent] = useState(index);
  const [view, dispatch] = useReducer(viewerReducer, IDENTITY);

  useEffect(() => {
    // While zoomed, the arrow keys pan the image instead of changing it.
    const onKey = (event: KeyboardEvent) => {
      const pan = PAN_KEYS[event.key];
      if (!pan || view.scale === 1) return;
      event.stopPropagation();
      event.preventDefault();
      dispatch({ type: "pan", dx: pan[0], dy: pan[1] });
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [view.scale]);

  useEffect(() => {
    // Tab goes round the lightbox's controls, as in the console's dialogs: the page behind it is
    // inert, and past its last control the focus would leave for the browser's own toolbar.
    const onTab = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const root = document.querySelector<HTMLElement>(".yarl__root");
      if (!root) return;
      const stops = [...root.querySelectorAll<HTMLElement>("button:not([disabled]), [href]")];
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const wrap = event.shiftKey ? at <= 0 : at === stops.length - 1 || !root.contains(document.activeElement);
      if (stops.length === 0 || !wrap) return;
      event.preventDefault();
      stops[event.shiftKey ? stops.length - 1 : 0]!.focus();
    };
    window.addEventListener("keydown", onTab, true);
    return () => window.removeEventListener("keydown", onTab, true);
  }, []);

  const button = (label: string, icon: React.ReactNode, action: Parameters<typeof dispatch>[0]) => (
    // The lightbox's own button class, so ours look like its Close button.
    <button
      key={label}
      type="button"
      className="yarl__button"
      aria-label={label}
      title={label}
      onClick={() => dispatch(action)}
    >
      {icon}
    </button>
  );

  return (
    <Lightbox
      open
      close={onClose}
      index={current}
      slides={images.map((image) => ({ src: image.src, alt: image.alt, preview: image.preview }))}
      carousel={{ finite: false }}
      on={{
        view: ({ index: next }) => {
          setCurrent(next);
          dispatch({ type: "reset" });
        },
      }}
      toolbar={{
        buttons: [
          button(translate("testDetail.viewer.zoomIn"), <ZoomInIcon />, { type: "zoomIn" }),
          button(translate("testDetail.viewer.zoomOut"), <ZoomOutIcon />, { type: "zoomOut" }),
          button(translate("testDetail.viewer.rotate"), <RotateIcon />, { type: "rotate" }),
          button(translate("testDetail.viewer.reset"), <ResetIcon />, { type: "reset" }),
          "close",
        ],
      }}
      render={{
        slide: ({ slide, offset }) => (
          <ProgressiveImage
            key={slide.src}
            src={slide.src}
            preview={(slide as { preview?: string }).preview}
            alt={slide.alt ?? ""}
            onDoubleClick={() => dispatch({ type: "doubleClick" })}
            style={{
              maxWidth: "100%",
              maxHeight: "100%",
              objectFit: "contain",
              transform: offset === 0 ? transformCss(view) : undefined,
              transition: "transform 150ms ease-out",
            }}
          />
        ),
      }}
    />
  );
}
