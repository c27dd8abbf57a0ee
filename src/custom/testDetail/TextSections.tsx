import { Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import type { ApiTest } from "../../api/tests";
import { Section } from "../../resources/shared/Section";
import { unwrapNotes } from "./testRules";

/** Description, Notes (unwrapped, spec §3) and the Red Filter Sensitivity Values (tooltip RFSV). */
export function TextSections({ test }: { test: ApiTest }) {
  const translate = useTranslate();
  const notes = unwrapNotes(test.notes);
  const empty = translate("testDetail.empty");
  return (
    <Stack spacing={2}>
      <Section title={translate("testDetail.sections.description")}>
        <Typography sx={{ whiteSpace: "pre-wrap" }}>{test.description?.trim() ? test.description : empty}</Typography>
      </Section>
      <Section title={translate("testDetail.sections.notes")}>
        {notes.length === 0 ? (
          <Typography data-testid="notes-empty">{empty}</Typography>
        ) : (
          <Stack component="ul" sx={{ m: 0, pl: 2.5 }} spacing={0.5}>
            {notes.map((line, index) => (
              <Typography component="li" key={index}>
                {line}
              </Typography>
            ))}
          </Stack>
        )}
      </Section>
      <Section
        title={
          <Tooltip title={translate("testDetail.sections.rfsvTooltip")}>
            <span>{translate("testDetail.sections.rfsv")}</span>
          </Tooltip>
        }
      >
        {test.redFilterValues?.length ? (
          <Table size="small" aria-label={translate("testDetail.sections.rfsv")}>
            <TableHead>
              <TableRow>
                <TableCell>{translate("testDetail.editDialog.name")}</TableCell>
                <TableCell align="right">{translate("testDetail.sections.rfsvTooltip")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {test.redFilterValues.map((value) => (
                <TableRow key={value.name}>
                  <TableCell>{value.name}</TableCell>
                  <TableCell align="right">{value.redFilterValue}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Typography>{empty}</Typography>
        )}
      </Section>
    </Stack>
  );
}
