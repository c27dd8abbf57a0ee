import { Box, ButtonBase, Checkbox, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import type { ApiTestFile } from "../../api/tests";
import { PRODUCT_KEY } from "../../config";
import { CoverPhoto } from "../photos/CoverPhoto";
import { PHOTO_GRID_SIZES } from "../photos/photoSources";
import { fileKind } from "./testRules";

interface PhotoGridProps {
  files: readonly ApiTestFile[];
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggle: (fileId: string) => void;
  onOpen: (fileId: string) => void;
}

/** Thumbnails, each labelled with its kind, with a selection checkbox in the private view. */
export function PhotoGrid({ files, selectable, selected, onToggle, onOpen }: PhotoGridProps) {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        display: "grid",
        gap: 1.5,
        gridTemplateColumns: { xs: "repeat(2, 1fr)", sm: "repeat(3, 1fr)", md: "repeat(6, 1fr)" },
      }}
    >
      {files.map((file) => {
        const kind = translate(`testDetail.kinds.${fileKind(file, PRODUCT_KEY)}`);
        const isSelected = selected.has(file._id);
        return (
          <Box
            key={file._id}
            component="figure"
            sx={{
              m: 0,
              position: "relative",
              borderRadius: 2,
              overflow: "hidden",
              border: 2,
              borderColor: isSelected ? "primary.main" : "transparent",
              bgcolor: "grey.100",
            }}
          >
            <ButtonBase
              onClick={() => onOpen(file._id)}
              aria-label={`${kind}: ${file.name}`}
              sx={{
                display: "block",
                width: "100%",
                aspectRatio: "3 / 4",
                // The photo covers MUI's focus ripple: the tile reached with the keyboard is ringed
                // instead (WCAG 2.4.7). Inset, since the figure clips what passes its rounded edge; an
                // outline is painted over the element's content, and a ring of the paper's colour
                // inside it keeps it apart from a photo as dark as the primary colour.
                "&.Mui-focusVisible": {
                  outlineStyle: "solid",
                  outlineWidth: 3,
                  outlineColor: "primary.main",
                  outlineOffset: -3,
                },
                "&.Mui-focusVisible::after": {
                  content: '""',
                  position: "absolute",
                  inset: 3,
                  border: 2,
                  borderColor: "background.paper",
                  pointerEvents: "none",
                },
              }}
            >
              <CoverPhoto link={file.link} thumbnails={file.thumbnails} sizes={PHOTO_GRID_SIZES} alt={file.name} />
            </ButtonBase>
            <Typography
              component="figcaption"
              variant="caption"
              sx={{ display: "block", px: 1, py: 0.5, bgcolor: "background.paper", fontWeight: 500 }}
            >
              {kind}
            </Typography>
            {selectable && (
              <Checkbox
                checked={isSelected}
                onChange={() => onToggle(file._id)}
                slotProps={{
                  input: { "aria-label": translate("testDetail.selection.select", { name: `${kind} ${file.name}` }) },
                }}
                sx={{
                  position: "absolute",
                  top: 4,
                  left: 4,
                  bgcolor: "rgba(255,255,255,0.85)",
                  borderRadius: 1,
                  p: 0.25,
                }}
              />
            )}
          </Box>
        );
      })}
    </Box>
  );
}
