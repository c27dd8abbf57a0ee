import { fileKindField, FILE_KIND, type ApiTest, type BulkDownload, type TestUpdate } from "../api/tests";
import { PRODUCT_KEY } from "../config";
import type { BlobResult, HttpClient } from "./httpClient";

/** The test-record calls of spec §7, over the console's HTTP client. */
export interface TestCalls {
  /** GET v3/tests/{id}, or v3/tests/public/{id} for the public view. */
  getTest(id: string, options?: { publicView?: boolean; signal?: AbortSignal }): Promise<ApiTest>;
  /** PUT v2/tests/{id} */
  updateTest(id: string, update: TestUpdate): Promise<void>;
  /** DELETE tests/{id} */
  deleteTest(id: string): Promise<void>;
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
  /** POST bulk-downloads {testIds}: starts one; 409 while another of the user's is running. */
  startBulkDownload(testIds: readonly string[]): Promise<BulkDownload>;
  /** GET bulk-downloads/{id}: public, the id being the credential (spec §2: for all). */
  getBulkDownload(id: string, signal?: AbortSignal): Promise<BulkDownload>;
}

export interface GalleryFacets {
  accounts: { id: string; name: string }[];
}

const segment = encodeURIComponent;

export function createTestCalls(httpClient: HttpClient): TestCalls {
  return {
    getTest: (id, { publicView = false, signal } = {}) =>
      httpClient.json<ApiTest>(publicView ? `v3/tests/public/${segment(id)}` : `v3/tests/${segment(id)}`, {
        signal,
        anonymous: publicView,
      }),
    updateTest: async (id, update) => {
      await httpClient.send(`v2/tests/${segment(id)}`, { method: "PUT", json: update });
    },
    deleteTest: async (id) => {
      await httpClient.send(`tests/${segment(id)}`, { method: "DELETE" });
    },
    deleteTestFiles: async (id, fileIds) => {
      for (const fileId of fileIds) {
        await httpClient.send(`tests/${segment(id)}/${segment(fileId)}`, { method: "DELETE" });
      }
    },
    downloadTestFiles: (id, fileIds) =>
      httpClient.blob(`tests/download/${segment(id)}`, { method: "POST", json: { fileIds } }),
    shareTest: async (id) => {
      await httpClient.send(`tests/share/${segment(id)}`, { method: "POST" });
    },
    uploadTestFile: async (id, file) => {
      const form = new FormData();
      form.append("testId", id);
      form.append(fileKindField(PRODUCT_KEY), String(FILE_KIND.Other));
      form.append("files", file, file.name);
      await httpClient.send("v2/tests/file", { method: "POST", body: form });
    },
    getGalleryFacets: () => httpClient.json<GalleryFacets>("tests/facets"),
    startBulkDownload: (testIds) =>
      httpClient.json<BulkDownload>("bulk-downloads", { method: "POST", json: { testIds } }),
    getBulkDownload: (id, signal) =>
      httpClient.json<BulkDownload>(`bulk-downloads/${segment(id)}`, { anonymous: true, signal }),
  };
}

/** The public link built after sharing (spec §2, §7). */
export const publicTestLink = (origin: string, id: string): string => `${origin}/public/gallery/item/${segment(id)}`;
