import { and, eq, isNotNull } from "drizzle-orm";
import { PNG } from "pngjs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_TYPES, FILE_KIND } from "../../src/api/tests";
import { devices, seedPhotoStones, testFiles, tests } from "../../server/src/db/schema";
import { SEED_IDS } from "../../server/src/db/seed";
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  demoPdf,
  PHOTO_HEIGHT,
  PHOTO_WIDTH,
  renderDevicePhoto,
  renderPhoto,
  trayLayout,
  type PhotoKind,
  type SeedStone,
} from "../../server/src/db/seedPhotos";
import {
  DEVICE_PHOTO_KEY,
  FULL_SIZE_PHOTO_LAYOUT,
  FULL_SIZE_PHOTO_TESTS,
  PHOTO_POOL_SIZE,
  photoKey,
  seedTestId,
  UNKNOWN_DEVICE_TYPE,
} from "../../server/src/db/seedTests";
import { createTestApp, type TestApp } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const readAll = async (key: string) =>
  Buffer.from(await new Response(t.storage.get(key) as unknown as ReadableStream).arrayBuffer());

describe("the seeded test records", () => {
  it("has at least 300 tests over every demo account, business and several creators, within the last year", async () => {
    const rows = await t.db.select().from(tests);
    expect(rows.length).toBeGreaterThanOrEqual(300);
    // The generated accounts of the resources seed have no tests; the demo ones all have some.
    expect(new Set(rows.map((row) => row.accountId))).toEqual(new Set(Object.values(SEED_IDS.accounts)));
    expect(new Set(rows.map((row) => row.businessId))).toEqual(new Set(Object.values(SEED_IDS.businesses)));
    expect(new Set(rows.map((row) => row.createdBy)).size).toBeGreaterThanOrEqual(6);
    const times = rows.map((row) => row.date.getTime());
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(300 * 86_400_000);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(366 * 86_400_000);
    expect(rows.filter((row) => row.sharedAt !== null).length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.deletedAt !== null).length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.phoneType)).size).toBeGreaterThan(3);
    expect(rows.some((row) => row.redFilterValues.length > 0)).toBe(true);
    expect(rows.some((row) => row.sku !== "" && row.customer !== "" && row.vendorName !== "")).toBe(true);
  });

  it("has devices of every type code and one unknown code", async () => {
    const codes = new Set((await t.db.select({ code: devices.typeCode }).from(devices)).map((row) => row.code));
    for (const code of Object.keys(DEVICE_TYPES)) expect(codes).toContain(Number(code));
    expect(codes).toContain(UNKNOWN_DEVICE_TYPE);
    expect(DEVICE_TYPES[UNKNOWN_DEVICE_TYPE]).toBeUndefined();
  });

  it("has copied tests with their original account and copy time", async () => {
    const copied = await t.db.select().from(tests).where(eq(tests.isCopied, true));
    expect(copied.length).toBeGreaterThan(3);
    for (const row of copied) {
      expect(row.originalAccountId).not.toBeNull();
      expect(row.originalAccountId).not.toBe(row.accountId);
      expect(row.copiedAt!.getTime()).toBeGreaterThanOrEqual(row.date.getTime());
    }
  });

  it("has notes in every form: lists, strings wrapping a list, empty wrappers, none", async () => {
    const notes = (await t.db.select({ notes: tests.notes }).from(tests)).map((row) => row.notes);
    expect(notes.some((value) => Array.isArray(value) && value.length > 1)).toBe(true);
    expect(notes).toContain('["Customer wants a certificate","Polished in 2023"]');
    expect(notes).toContain("[]");
    expect(notes.some((value) => Array.isArray(value) && value.length === 0)).toBe(true);
    expect(notes).toContain(null);
  });

  it("gives every test the run photos in groups 0..2, plus other images and PDFs, all present in storage", async () => {
    const files = await t.db.select().from(testFiles);
    const byTest = new Map<string, typeof files>();
    for (const file of files) byTest.set(file.testId, [...(byTest.get(file.testId) ?? []), file]);
    const testCount = (await t.db.select({ id: tests.id }).from(tests)).length;
    expect(byTest.size).toBe(testCount);
    for (const [testId, own] of byTest) {
      const runs = own.filter((file) => file.kind !== FILE_KIND.Other);
      const groups = new Set(runs.map((file) => file.group));
      expect(
        [...groups].every((group) => group >= 0 && group <= 2),
        testId,
      ).toBe(true);
      for (const group of groups) {
        const kinds = runs.filter((file) => file.group === group).map((file) => file.kind);
        for (const kind of [1, 2, 3, 4, 5, 8]) expect(kinds, `${testId} run ${group}`).toContain(kind);
      }
    }
    expect(files.some((file) => file.kind === FILE_KIND.OriginalResult)).toBe(true);
    expect(files.some((file) => file.kind === FILE_KIND.OriginalColoured)).toBe(true);
    expect(files.some((file) => file.kind === FILE_KIND.Other && file.type === "image")).toBe(true);
    const pdfs = files.filter((file) => file.kind === FILE_KIND.Other && file.type === "document");
    expect(pdfs.length).toBeGreaterThan(0);
    expect(pdfs.every((file) => file.contentType === "application/pdf")).toBe(true);
    // A small pool of blobs, shared by many rows, every one stored with the recorded size.
    const keys = new Map(files.map((file) => [file.storageKey, file.size]));
    // (The pool, four PDFs, and one full-size device photo.)
    expect(keys.size).toBeLessThanOrEqual(PHOTO_POOL_SIZE * 8 + 4 + 1);
    for (const [key, size] of keys) expect(await t.storage.size(key), key).toBe(size);
  });

  it("gives a few recent tests a real device's Result photo: a 3120 × 4192 JPEG of a few MB", async () => {
    const rows = await t.db
      .select({ testId: testFiles.testId, name: testFiles.name, contentType: testFiles.contentType })
      .from(testFiles)
      .where(eq(testFiles.storageKey, DEVICE_PHOTO_KEY));
    expect(rows.map((row) => row.testId).sort()).toEqual(FULL_SIZE_PHOTO_TESTS.map(seedTestId).sort());
    expect(rows.every((row) => row.contentType === "image/jpeg" && row.name.endsWith(".jpg"))).toBe(true);
    const chunks: Buffer[] = [];
    for await (const chunk of t.storage.get(DEVICE_PHOTO_KEY)) chunks.push(chunk as Buffer);
    const photo = Buffer.concat(chunks);
    expect(photo.length).toBeGreaterThan(2_000_000);
    expect(await sharp(photo).metadata()).toMatchObject({ format: "jpeg", width: 3120, height: 4192 });
    // Made by the seed itself, the same bytes every time.
    expect((await renderDevicePhoto(trayLayout(FULL_SIZE_PHOTO_LAYOUT), FILE_KIND.Result)).equals(photo)).toBe(true);
  }, 60_000);

  it("records each pool photo's stones in canvas space, with a ground-truth type", async () => {
    const stones = await t.db
      .select()
      .from(seedPhotoStones)
      .where(eq(seedPhotoStones.storageKey, photoKey(0, 1)));
    const layout = trayLayout(0);
    expect(stones.map(({ x, y, radius, shape, stoneType }) => ({ x, y, radius, shape, type: stoneType }))).toEqual(
      layout.stones.map(({ x, y, radius, shape, type }) => ({ x, y, radius, shape, type })),
    );
    const all = await t.db.select().from(seedPhotoStones);
    expect(new Set(all.map((stone) => stone.stoneType))).toEqual(new Set(["N", "CVD", "HPHT", "CZ", "M"]));
    for (const stone of all) {
      expect(stone.x - stone.radius).toBeGreaterThanOrEqual(0);
      expect(stone.x + stone.radius).toBeLessThanOrEqual(CANVAS_WIDTH);
      expect(stone.y + stone.radius).toBeLessThanOrEqual(CANVAS_HEIGHT);
    }
    const referenced = await t.db
      .select({ key: testFiles.storageKey })
      .from(testFiles)
      .innerJoin(
        seedPhotoStones,
        and(eq(seedPhotoStones.storageKey, testFiles.storageKey), eq(seedPhotoStones.stoneIndex, 0)),
      )
      .where(isNotNull(testFiles.id))
      .limit(1);
    expect(referenced).toHaveLength(1);
  });
});

describe("the demo photos", () => {
  it("are PNGs in the canvas's aspect ratio, drawn deterministically", async () => {
    const png = PNG.sync.read(await readAll(photoKey(3, FILE_KIND.Luv)));
    expect([png.width, png.height]).toEqual([PHOTO_WIDTH, PHOTO_HEIGHT]);
    expect(PHOTO_WIDTH / PHOTO_HEIGHT).toBeCloseTo(CANVAS_WIDTH / CANVAS_HEIGHT, 3);
    expect(renderPhoto(trayLayout(3), FILE_KIND.Luv)).toEqual(await readAll(photoKey(3, FILE_KIND.Luv)));
  });

  /** The mean colour of the stone's middle, as an analyzer would measure it. */
  function meanColour(png: PNG, stone: SeedStone): [number, number, number] {
    const scale = PHOTO_WIDTH / CANVAS_WIDTH;
    const cx = stone.x * scale;
    const cy = stone.y * scale;
    const r = stone.radius * scale * 0.35;
    const sum = [0, 0, 0];
    let n = 0;
    for (let y = Math.floor(cy - r); y <= cy + r; y++) {
      for (let x = Math.floor(cx - r); x <= cx + r; x++) {
        if (Math.hypot(x - cx, y - cy) > r) continue;
        const offset = (y * png.width + x) * 4;
        for (let c = 0; c < 3; c++) sum[c]! += png.data[offset + c]!;
        n++;
      }
    }
    return sum.map((value) => value / n) as [number, number, number];
  }

  async function measure(kind: PhotoKind) {
    const measured: { type: string; colour: [number, number, number] }[] = [];
    for (let layout = 0; layout < PHOTO_POOL_SIZE; layout++) {
      const png = PNG.sync.read(await readAll(photoKey(layout, kind)));
      for (const stone of trayLayout(layout).stones)
        measured.push({ type: stone.type, colour: meanColour(png, stone) });
    }
    return measured;
  }
  const brightness = ([r, g, b]: [number, number, number]) => 0.299 * r + 0.587 * g + 0.114 * b;

  it("show stone types apart under LUV: N brightest, M darkest", async () => {
    const measured = await measure(FILE_KIND.Luv);
    const range = (type: string) => {
      const values = measured.filter((m) => m.type === type).map((m) => brightness(m.colour));
      return { min: Math.min(...values), max: Math.max(...values) };
    };
    expect(range("N").min).toBeGreaterThan(range("M").max);
    expect(range("N").min).toBeGreaterThan(range("CVD").max);
    expect(range("HPHT").min).toBeGreaterThan(range("M").max);
  });

  it("colour each type by its overlay colour under the coloured light", async () => {
    const dominant = ([r, g, b]: [number, number, number]) =>
      b > r && b > g ? "blue" : g > r && g > b ? "green" : "red";
    for (const { type, colour } of await measure(FILE_KIND.Coloured)) {
      const expected = { N: "blue", CVD: "green", HPHT: "red", CZ: "red", M: "red" }[type];
      expect(dominant(colour), type).toBe(expected);
      if (type === "CZ") expect(colour[2]).toBeGreaterThan(colour[1]); // pink: more blue than green
      if (type === "M") expect(colour[1]).toBeGreaterThan(colour[2]); // orange: more green than blue
    }
  });
});

describe("the demo PDF", () => {
  it("is a valid PDF whose cross-reference offsets point at its objects", () => {
    const pdf = demoPdf("Report (1)");
    const text = pdf.toString("latin1");
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
    const length = Number(/\/Length (\d+)/.exec(text)![1]);
    const stream = /stream\n([\s\S]*?)\nendstream/.exec(text)![1]!;
    expect(Buffer.byteLength(stream, "latin1")).toBe(length);
  });
});
