import { fileKindField, FILE_KIND } from "../api/tests";
import { PRODUCT_KEY } from "../config";
import type { BlobResult, HttpClient } from "./httpClient";

/**
 * The test-record calls of spec §7 that are not CRUD, over the console's HTTP client. Reading,
 * editing and deleting a test, and bulk downloads, are react-admin's standard methods
 * (testRecordsProvider.ts).
 */
export interface TestCalls {
  /** DELETE tests/{id}/{fileId}, once per selected photo (spec §7). */
  deleteTestFiles(id: string, fileIds: readonly string[]): Promise<void>;
  /** POST tests/download/{id} with the selected file ids: a zip. */
  downloadTestFiles(id: string, fileIds: readonly string[]): Promise<BlobResult>;
  /** POST tests/share/{id}; the console then builds the public link. */
  shareTest(id: string): Promise<void>;
  /** POST v2/tests/file, multipart: files, testId, {product}TestFileType = Other (-1). */
  uploadTestFile(id: string, file: File): Promise<void>;
  /** GET tests/facets: the values the gallery's filters offer this user. */
  getGalleryFacets(): Promise<GalleryFacets>;
}

export interface GalleryFacets {
  accounts: { id: string; name: string }[];
}

const segment = encodeURIComponent;

export function createTestCalls(httpClient: HttpClient): TestCalls {
  return {
    deleteTestFiles: async (id, fileIds) => {
      for (const fileId of fileIds) {
        await httpClient.call(`tests/${segment(id)}/${segment(fileId)}`, { method: "DELETE" });
      }
    },
    downloadTestFiles: (id, fileIds) =>
      httpClient.blob(`tests/download/${segment(id)}`, { method: "POST", json: { fileIds } }),
    shareTest: async (id) => {
      await httpClient.call(`tests/share/${segment(id)}`, { method: "POST" });
    },
    uploadTestFile: async (id, file) => {
      const form = new FormData();
      form.append("testId", id);
      form.append(fileKindField(PRODUCT_KEY), String(FILE_KIND.Other));
      form.append("files", file, file.name);
      await httpClient.call("v2/tests/file", { method: "POST", body: form });
    },
    getGalleryFacets: () => httpClient.json<GalleryFacets>("tests/facets"),
  };
}

/** The public link built after sharing (spec §2, §7). */
export const publicTestLink = (origin: string, id: string): string => `${origin}/public/gallery/item/${segment(id)}`;
