import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "../../src/api/types";
import { FILE_KIND, deviceTypeName, type ApiTestFile } from "../../src/api/tests";
import { TEST_NAME_MIN_LENGTH } from "../../src/api/rules";
import { LIMITS } from "../fixtures/contract";
import {
  canDeleteTest,
  downloadFileName,
  fileSection,
  groupTestRuns,
  isTestNameValid,
  isUploadAllowed,
  refusedFields,
  textLength,
  unwrapNotes,
} from "../../src/custom/testDetail/testRules";
import { IDENTITY, transformCss, viewerReducer } from "../../src/custom/testDetail/viewerTransform";

const test = { account: { id: "acc-1", name: "A" }, createdBy: "creator", business: { name: "Shop", owner: "owner" } };

describe("delete rule (spec §6)", () => {
  type Relation = "creator" | "business owner" | "other";
  const idFor: Record<Relation, string> = { creator: "creator", "business owner": "owner", other: "someone" };
  const expected = (role: Role, relation: Relation, sameAccount: boolean) =>
    sameAccount &&
    (role === "Admin" || relation === "creator" || (role === "Manager" && relation === "business owner"));

  for (const role of ROLES) {
    for (const relation of Object.keys(idFor) as Relation[]) {
      for (const sameAccount of [true, false]) {
        const allowed = expected(role, relation, sameAccount);
        it(`${role}, ${relation}, ${sameAccount ? "same" : "other"} account: ${allowed ? "may" : "may not"} delete`, () => {
          const viewer = { id: idFor[relation], accountId: sameAccount ? "acc-1" : "acc-2", role };
          expect(canDeleteTest(viewer, test)).toBe(allowed);
        });
      }
    }
  }

  it("refuses a signed-out viewer", () => {
    expect(canDeleteTest({ id: "", accountId: "", role: null }, test)).toBe(false);
  });
});

describe("notes (spec §3)", () => {
  it.each([
    [
      ["first", "second"],
      ["first", "second"],
    ],
    ['["first","second"]', ["first", "second"]],
    ["[]", []],
    ["", []],
    [null, []],
    ["A plain note", ["A plain note"]],
    ["[not json]", ["[not json]"]],
    [["", "kept"], ["kept"]],
  ])("%j unwraps to %j", (notes, lines) => {
    expect(unwrapNotes(notes as never)).toEqual(lines);
  });
});

const file = (id: string, kind: number, group: number, type: "image" | "document" = "image"): ApiTestFile => ({
  _id: id,
  name: `${id}.png`,
  link: `/files/${id}`,
  group,
  type,
  gemtestTestFileType: kind,
});

describe("files (spec §3, §4)", () => {
  it("classifies by kind and type", () => {
    expect(fileSection(file("a", FILE_KIND.Other, 0), "gemtest")).toBe("otherImage");
    expect(fileSection(file("b", FILE_KIND.Other, 0, "document"), "gemtest")).toBe("file");
    expect(fileSection(file("c", FILE_KIND.Result, 0), "gemtest")).toBe("run");
    expect(fileSection(file("d", FILE_KIND.AiResult, 0), "gemtest")).toBe("ai");
    expect(fileSection(file("e", FILE_KIND.OriginalAi, 0), "gemtest")).toBe("ai");
    // The kind field is named after the product.
    expect(
      fileSection({ ...file("f", 0, 0), gemtestTestFileType: undefined as never, otherTestFileType: 1 }, "other"),
    ).toBe("run");
  });

  it("groups by run, labels Test Run #{group+1}, orders result, luv, glowing, coloured, simulants, original", () => {
    const files = [
      file("orig", FILE_KIND.Original, 1),
      file("sim", FILE_KIND.Simulants, 1),
      file("col", FILE_KIND.Coloured, 1),
      file("glow", FILE_KIND.Glowing, 1),
      file("luv", FILE_KIND.Luv, 1),
      file("res", FILE_KIND.Result, 1),
      file("res0", FILE_KIND.Result, 0),
      file("other", FILE_KIND.Other, 0),
      file("ai", FILE_KIND.AiResult, 0),
    ];
    const runs = groupTestRuns(files, "gemtest");
    expect(runs.map((run) => run.label)).toEqual(["Test Run #1", "Test Run #2"]);
    expect(runs[0].files.map((f) => f._id)).toEqual(["res0"]);
    expect(runs[1].files.map((f) => f._id)).toEqual(["res", "luv", "glow", "col", "sim", "orig"]);
  });

  it("accepts only the upload extensions of spec §5", () => {
    for (const name of ["a.jpg", "b.JPEG", "c.png", "d.pdf", "e.docx", "f.doc"])
      expect(isUploadAllowed(name)).toBe(true);
    for (const name of ["a.exe", "b.gif", "c.pdf.exe", "png", "d.docm"]) expect(isUploadAllowed(name)).toBe(false);
  });
});

describe("small rules", () => {
  it("needs 3 characters after trimming for a name (spec §5), the service's minimum too", () => {
    expect(TEST_NAME_MIN_LENGTH).toBe(LIMITS.testNameMin);
    expect(isTestNameValid("  ab  ")).toBe(false);
    expect(isTestNameValid(" abc ")).toBe(true);
    expect(isTestNameValid("  ab  ", TEST_NAME_MIN_LENGTH)).toBe(false);
    expect(isTestNameValid(" abc ", TEST_NAME_MIN_LENGTH)).toBe(true);
    // Characters as a reader counts them, not UTF-16 units or code points.
    expect(isTestNameValid("💎💎")).toBe(false);
    expect(isTestNameValid("💎💎💎")).toBe(true);
    expect(isTestNameValid("e\u0301e\u0301")).toBe(false);
    expect(isTestNameValid("e\u0301e\u0301e\u0301")).toBe(true);
  });
  it("names the zip {name}-{id}.zip (spec §7)", () => {
    expect(downloadFileName({ name: "Ring 4", id: "t9" })).toBe("Ring 4-t9.zip");
  });
  it("names device types by code (spec §3)", () => {
    expect(deviceTypeName(5001)).toBe("Dr. Watson");
    expect(deviceTypeName(4100)).toBe("Sherlock Holmes 4.0");
    expect(deviceTypeName(4005)).toBe("Big Sherlock");
    expect(deviceTypeName(6501)).toBe("Watson AI");
    expect(deviceTypeName(5501)).toBe("Sherlock AI");
    expect(deviceTypeName(8501)).toBe("Big Sherlock AI");
    expect(deviceTypeName(1234)).toBe("Unknown");
  });
});

describe("lightbox view (spec §9)", () => {
  it("zooms by 0.3, never below the whole image", () => {
    const zoomed = viewerReducer(viewerReducer(IDENTITY, { type: "zoomIn" }), { type: "zoomIn" });
    expect(zoomed.scale).toBe(1.6);
    expect(viewerReducer(IDENTITY, { type: "zoomOut" }).scale).toBe(1);
  });
  it("double-click zooms to 4 and back", () => {
    const zoomed = viewerReducer(IDENTITY, { type: "doubleClick" });
    expect(zoomed.scale).toBe(4);
    expect(viewerReducer(zoomed, { type: "doubleClick" })).toEqual(IDENTITY);
  });
  it("pans by 20 only when zoomed, rotates by 90 and resets", () => {
    expect(viewerReducer(IDENTITY, { type: "pan", dx: 1, dy: 0 })).toEqual(IDENTITY);
    const zoomed = viewerReducer(IDENTITY, { type: "doubleClick" });
    const panned = viewerReducer(zoomed, { type: "pan", dx: 1, dy: -1 });
    expect([panned.x, panned.y]).toEqual([20, -20]);
    let turned = IDENTITY;
    for (let turn = 0; turn < 5; turn += 1) turned = viewerReducer(turned, { type: "rotate" });
    expect(turned.rotation).toBe(90);
    expect(viewerReducer(panned, { type: "reset" })).toEqual(IDENTITY);
    expect(transformCss(panned)).toBe("translate(20px, -20px) scale(4) rotate(0deg)");
  });
});

describe("an edit's refusal and bound (Edit Test)", () => {
  const FIELDS = ["name", "sku", "customer", "vendorName", "description", "notes"];

  it("puts a refusal on the fields its errors name that the form has, else nowhere", () => {
    expect(refusedFields(FIELDS, { notes: "notes must be at most 10000 characters long" })).toEqual({
      notes: "notes must be at most 10000 characters long",
    });
    expect(refusedFields(FIELDS, { sku: "Taken", colour: "?" })).toEqual({ sku: "Taken" });
    // No errors, or none on the form's fields: the dialog shows the message above the fields.
    expect(refusedFields(FIELDS, null)).toBeNull();
    expect(refusedFields(FIELDS, { colour: "colour must be a string" })).toBeNull();
  });

  it("counts code points, as the service's JSON Schema bound does", () => {
    expect(textLength("abc")).toBe(3);
    expect(textLength("💎💎")).toBe(2);
  });
});
