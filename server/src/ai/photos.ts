/**
 * A test run's photos, read from the database and the file storage and decoded for the analyzer.
 */
import { and, asc, eq } from "drizzle-orm";
import { FILE_KIND } from "../../../src/api/tests";
import type { Database } from "../db/client";
import { testFiles } from "../db/schema";
import type { FileStorage } from "../files/storage";
import type { TrayPhotos } from "./analyzer";
import { decodePhoto, UnreadablePhotoError, type RgbImage } from "./image";
import { CLASSIFYING_LIGHTS, LIGHT_KIND, LIGHT_LABEL, type ClassifyingLight } from "./lights";

/** Whether the test run has any photo at all (a trigger for an empty run is refused). */
export async function runHasPhotos(db: Database, testId: string, group: number): Promise<boolean> {
  const [photo] = await db
    .select({ id: testFiles.id })
    .from(testFiles)
    .where(and(eq(testFiles.testId, testId), eq(testFiles.group, group), eq(testFiles.type, "image")))
    .limit(1);
  return photo !== undefined;
}

async function readBlob(storage: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The run's Result photo and whichever classifying lights it has; the first photo of a kind
 * counts when there are several. Fails with a reason (UnreadablePhotoError) when there is no
 * Result photo or a photo cannot be read.
 */
export async function loadTrayPhotos(
  db: Pick<Database, "select">,
  storage: FileStorage,
  testId: string,
  group: number,
): Promise<TrayPhotos> {
  const files = await db
    .select({ kind: testFiles.kind, storageKey: testFiles.storageKey })
    .from(testFiles)
    .where(and(eq(testFiles.testId, testId), eq(testFiles.group, group), eq(testFiles.type, "image")))
    .orderBy(asc(testFiles.createdAt), asc(testFiles.id));
  const keyOf = (kind: number) => files.find((file) => file.kind === kind)?.storageKey;

  const load = async (key: string, label: string): Promise<RgbImage> => {
    let bytes: Buffer;
    try {
      bytes = await readBlob(storage, key);
    } catch {
      throw new UnreadablePhotoError(`The ${label} photo is missing from the file storage.`);
    }
    return decodePhoto(bytes, label);
  };

  const resultKey = keyOf(FILE_KIND.Result);
  if (resultKey === undefined) {
    throw new UnreadablePhotoError("The test run has no Result photo to find the stones in.");
  }
  const result = await load(resultKey, LIGHT_LABEL.result);
  const lights: Partial<Record<ClassifyingLight, RgbImage>> = {};
  for (const light of CLASSIFYING_LIGHTS) {
    const key = keyOf(LIGHT_KIND[light]);
    if (key !== undefined) lights[light] = await load(key, LIGHT_LABEL[light]);
  }
  return { result, lights };
}
