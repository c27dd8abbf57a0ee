import type { ApiTest, ApiTestFile } from "../../../src/api/tests";
import { FILE_KIND } from "../../../src/api/tests";
import { signedFileLink } from "../../fixtures/contract";

const file = (id: string, kind: number, group: number, type: "image" | "document" = "image"): ApiTestFile => ({
  _id: id,
  name: type === "image" ? `${id}.png` : `${id}.pdf`,
  link: signedFileLink(id),
  group,
  type,
  gemtestTestFileType: kind,
});

/** A test of the Admin's account (acc-1), made by the User, at a business the Manager owns. */
export function makeTest(overrides: Partial<ApiTest> = {}): ApiTest {
  return {
    id: "t-100",
    name: "Solitaire ring",
    device: { name: "Box 12", type: 6501 },
    business: { name: "Main Street Store", owner: "user-Manager" },
    account: { id: "acc-1", name: "Brilliant Gems Ltd" },
    createdBy: "user-User",
    createdByDetails: { name: "Ada User" },
    date: "2026-03-05T14:07:00.000Z",
    description: "Round brilliant, 1.2 ct",
    notes: '["Client asked for a rush","Check the girdle"]',
    sku: "SKU-1",
    customer: "Jane Doe",
    vendorName: "Gem Vendors",
    phoneType: "Pixel 9",
    redFilterValues: [
      { name: "Stone 1", redFilterValue: 0.42 },
      { name: "Stone 2", redFilterValue: 0.87 },
    ],
    isCopied: false,
    originalTest: null,
    copiedAt: null,
    files: [
      file("orig0", FILE_KIND.Original, 0),
      file("res0", FILE_KIND.Result, 0),
      file("luv0", FILE_KIND.Luv, 0),
      file("res1", FILE_KIND.Result, 1),
      file("other", FILE_KIND.Other, 0),
      file("report", FILE_KIND.Other, 0, "document"),
      file("ai0", FILE_KIND.AiResult, 0),
    ],
    ...overrides,
  };
}
