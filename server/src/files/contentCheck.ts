/**
 * What an uploaded file really is. The extension says what the uploader claims; the first bytes
 * (and for .docx the zip's directory) must agree, so a renamed executable is refused.
 */
import { open } from "node:fs/promises";
import { extname } from "node:path";
import type { TestFileType } from "../../../src/api/tests";

/**
 * An empty file is refused as empty, before its content is checked: no format's first bytes can
 * agree with nothing, and "not a .jpg file" would send the uploader looking in the wrong place.
 */
export const EMPTY_FILE = "The file is empty.";

export interface UploadFormat {
  extension: string;
  contentType: string;
  type: TestFileType;
  /**
   * Whether the file at `path` (of `size` bytes) is really of this format. An empty one never is:
   * routes refuse it as EMPTY_FILE first.
   */
  matches(path: string, size: number): Promise<boolean>;
}

const startsWith = (magic: number[]) => async (path: string, size: number) => {
  if (size < magic.length) return false;
  const head = await readAt(path, 0, magic.length);
  return magic.every((byte, i) => head[i] === byte);
};

const JPEG = startsWith([0xff, 0xd8, 0xff]);
const PNG = startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF = startsWith([...Buffer.from("%PDF-")]);
const OLE = startsWith([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = startsWith([0x50, 0x4b, 0x03, 0x04]);
/** RIFF, four bytes of length, WEBP. */
const WEBP = async (path: string, size: number) => {
  if (size < 12) return false;
  const head = await readAt(path, 0, 12);
  return head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP";
};

const DOCX = async (path: string, size: number) =>
  (await ZIP(path, size)) && (await zipEntryNames(path, size)).includes("word/document.xml");

/** The upload formats of spec §5, plus WebP photos (issue 13), by extension. */
export const UPLOAD_FORMATS: Record<string, UploadFormat> = Object.fromEntries(
  (
    [
      [".jpg", "image/jpeg", "image", JPEG],
      [".jpeg", "image/jpeg", "image", JPEG],
      [".png", "image/png", "image", PNG],
      [".webp", "image/webp", "image", WEBP],
      [".pdf", "application/pdf", "document", PDF],
      [".docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "document", DOCX],
      [".doc", "application/msword", "document", OLE],
    ] as const
  ).map(([extension, contentType, type, matches]) => [extension, { extension, contentType, type, matches }]),
);

export const uploadFormatOf = (fileName: string): UploadFormat | undefined =>
  UPLOAD_FORMATS[extname(fileName).toLowerCase()];

async function readAt(path: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes plus a comment of up to 65,535. */
const MAX_END_SEARCH = 22 + 0xffff;

/**
 * The entry names of a zip file, read from its central directory (the end of the file), or []
 * when it is not a readable zip. Reads at most the last 64 KiB and the directory itself.
 */
export async function zipEntryNames(path: string, size: number): Promise<string[]> {
  const tailLength = Math.min(size, MAX_END_SEARCH);
  const tail = await readAt(path, size - tailLength, tailLength);
  let end = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end === -1) return [];
  const entryCount = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directoryOffset + directorySize > size || directorySize > 16 * 1024 * 1024) return [];
  const directory = await readAt(path, directoryOffset, directorySize);
  const names: string[] = [];
  let at = 0;
  for (let i = 0; i < entryCount && at + 46 <= directory.length; i++) {
    if (directory.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY) return [];
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    names.push(directory.toString("utf8", at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
