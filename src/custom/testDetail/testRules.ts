import { isTestNameValid, mayDeleteTest } from "../../api/rules";
import type { Role } from "../../api/types";
import {
  FILE_KIND,
  UPLOAD_EXTENSIONS,
  fileKindField,
  type ApiNotes,
  type ApiTest,
  type ApiTestFile,
} from "../../api/tests";

/** Who is asking, for the delete rule. */
export interface Viewer {
  id: string;
  accountId: string;
  role: Role | null;
}

/**
 * Spec §6 (private view only): the delete rule of src/api/rules.ts, which the service enforces too,
 * read off the test as the console holds it.
 */
export function canDeleteTest(viewer: Viewer, test: Pick<ApiTest, "account" | "createdBy" | "business">): boolean {
  return mayDeleteTest(viewer, {
    accountId: test.account.id,
    createdBy: test.createdBy,
    businessOwnerId: test.business.owner,
  });
}

/**
 * Spec §3: notes arrive as a list or as a string wrapping one; they are unwrapped into lines, and
 * an empty wrapper shows as empty.
 */
export function unwrapNotes(notes: ApiNotes | undefined): string[] {
  if (notes == null) return [];
  if (Array.isArray(notes)) return notes.map(String).filter((line) => line.trim() !== "");
  const trimmed = notes.trim();
  if (trimmed.startsWith("[") && trimmed.endsWith("]")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return unwrapNotes(parsed.map(String));
    } catch {
      // Not a JSON list: a bracketed note, shown as written.
    }
  }
  return trimmed === "" ? [] : [notes];
}

export const fileKind = (file: ApiTestFile, productKey: string): number => {
  const kind = file[fileKindField(productKey)];
  return typeof kind === "number" ? kind : FILE_KIND.Other;
};

export type FileSection = "run" | "otherImage" | "file" | "ai";

/**
 * Which section a file belongs to (spec §2, §3): kind -1 images are Other Images and kind -1
 * documents are Files; AI kinds feed the overlay; every other kind is a photo of a test run.
 */
export function fileSection(file: ApiTestFile, productKey: string): FileSection {
  const kind = fileKind(file, productKey);
  if (kind === FILE_KIND.Other) return file.type === "document" ? "file" : "otherImage";
  if (kind === FILE_KIND.AiResult || kind === FILE_KIND.OriginalAi) return "ai";
  return file.type === "document" ? "file" : "run";
}

/** Spec §4: result, luv, glowing, coloured, simulants, original; the original variants follow. */
const RUN_ORDER: number[] = [
  FILE_KIND.Result,
  FILE_KIND.Luv,
  FILE_KIND.Glowing,
  FILE_KIND.Coloured,
  FILE_KIND.Simulants,
  FILE_KIND.Original,
  FILE_KIND.OriginalResult,
  FILE_KIND.OriginalColoured,
];
const orderOf = (kind: number) => {
  const index = RUN_ORDER.indexOf(kind);
  return index === -1 ? RUN_ORDER.length : index;
};

export interface TestRun {
  group: number;
  /** "Test Run #{group+1}" */
  label: string;
  files: ApiTestFile[];
}

/** Spec §4: images grouped by group number, labelled Test Run #{group+1}, in display order. */
export function groupTestRuns(files: readonly ApiTestFile[], productKey: string): TestRun[] {
  const groups = new Map<number, ApiTestFile[]>();
  for (const file of files) {
    if (fileSection(file, productKey) !== "run") continue;
    const list = groups.get(file.group) ?? [];
    list.push(file);
    groups.set(file.group, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([group, list]) => ({
      group,
      label: `Test Run #${group + 1}`,
      files: [...list].sort((a, b) => orderOf(fileKind(a, productKey)) - orderOf(fileKind(b, productKey))),
    }));
}

/** Spec §5: only these extensions, checked before anything is sent. */
export function isUploadAllowed(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return UPLOAD_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/** Spec §5: the name needs at least 3 characters after trimming (the service checks the same rule). */
export { isTestNameValid };

/** Spec §7: a downloaded zip is saved as {name}-{id}.zip. */
export const downloadFileName = (test: Pick<ApiTest, "name" | "id">): string => `${test.name}-${test.id}.zip`;

/** A text's length as the service bounds it (JSON Schema's maxLength counts code points). */
export const textLength = (text: string): number => [...text].length;

/**
 * The fields of a refused edit to show each message on: those of the answer's `errors` (field →
 * message) that the form has. Null when it names none of them: the message then shows above the
 * fields.
 */
export function refusedFields(
  fields: readonly string[],
  errors: Record<string, string> | null,
): Record<string, string> | null {
  const known = Object.entries(errors ?? {}).filter(([field]) => fields.includes(field));
  return known.length > 0 ? Object.fromEntries(known) : null;
}
