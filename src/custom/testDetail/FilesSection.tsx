import { List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from "@mui/material";
import DescriptionIcon from "@mui/icons-material/DescriptionOutlined";
import { useTranslate } from "react-admin";
import type { ApiTestFile } from "../../api/tests";
import { Section } from "../../resources/shared/Section";

/** Spec §2 Files: the test's documents, each opening in a new tab. */
export function FilesSection({ files }: { files: readonly ApiTestFile[] }) {
  const translate = useTranslate();
  return (
    <Section title={translate("testDetail.sections.files")}>
      {files.length === 0 ? (
        <Typography color="text.secondary">{translate("testDetail.noFiles")}</Typography>
      ) : (
        <List dense disablePadding>
          {files.map((file) => (
            // A <ul> holds <li>s: each document's link in its own list item.
            <ListItem key={file._id} disablePadding>
              <ListItemButton component="a" href={file.link} target="_blank" rel="noopener">
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <DescriptionIcon />
                </ListItemIcon>
                <ListItemText primary={file.name} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}
