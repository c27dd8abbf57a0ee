/**
 * Demo test records: devices of every type, 320 tests over the seeded accounts, businesses and
 * users, and their photos and files.
 *
 * Deterministic: fixed ids, and every choice comes from a seeded PRNG. Dates are relative to the
 * moment of seeding (spread over the year before it), so the gallery always looks current.
 *
 * Photos are a POOL: 16 tray layouts × 8 lights drawn once (seedPhotos.ts) and stored once; every
 * test file row references one of those blobs by storage key. Storage deletes a blob only when no
 * row references it any more, so deleting one test's photo leaves the others alone.
 */
import { FILE_KIND } from "../../../src/api/tests";
import type { FileStorage } from "../files/storage";
import type { Database } from "./client";
import { devices, seedPhotoStones, testFiles, tests, type StoredNotes } from "./schema";
import { demoPdf, PHOTO_KINDS, prng, renderDevicePhoto, renderPhoto, trayLayout, type PhotoKind } from "./seedPhotos";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Ids the tests refer to; the rest are generated. */
export const SEED_DEVICE_IDS = {
  labWatson: "60000000-0000-4000-8000-000000000001",
  labWatsonAi: "60000000-0000-4000-8000-000000000002",
  labPrototype: "60000000-0000-4000-8000-000000000003",
  londonSherlock: "60000000-0000-4000-8000-000000000004",
  londonSherlockAi: "60000000-0000-4000-8000-000000000005",
  antwerpBigSherlock: "60000000-0000-4000-8000-000000000006",
  antwerpBigSherlockAi: "60000000-0000-4000-8000-000000000007",
  lapisWatson: "60000000-0000-4000-8000-000000000008",
  lapisWatsonAi: "60000000-0000-4000-8000-000000000009",
  obsidianSherlock: "60000000-0000-4000-8000-00000000000a",
  obsidianBigSherlockAi: "60000000-0000-4000-8000-00000000000b",
} as const;

export const SEED_TEST_COUNT = 320;
export const PHOTO_POOL_SIZE = 16;
/** A device type code that names no model: shown as Unknown (spec §3). */
export const UNKNOWN_DEVICE_TYPE = 7777;

export const seedTestId = (n: number) => `40000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const seedFileId = (n: number) => `50000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export const photoKey = (layout: number, kind: PhotoKind) =>
  `seed-photo-l${String(layout).padStart(2, "0")}-k${kind}.png`;
export const seedPdfKey = (n: number) => `seed-report-${n}.pdf`;
/**
 * A few recent tests whose first run's Result photo is a real device's (issue 13): 3120 × 4192
 * JPEG, a few MB, one blob all of them share (renderDevicePhoto takes seconds, so only one is made).
 * Their other photos stay the pool's (the analyzer maps a stone's pixels between sizes: ai/features.ts).
 */
export const FULL_SIZE_PHOTO_TESTS: readonly number[] = [2, 3, 5, 7];
export const FULL_SIZE_PHOTO_LAYOUT = 0;
export const DEVICE_PHOTO_KEY = "seed-device-photo-l00-k1.jpg";
const PDF_COUNT = 4;

export interface SeedIds {
  accounts: { gemtestHq: string; brilliantGems: string; lapisTraders: string; obsidian: string };
  businesses: {
    gemtestLab: string;
    brilliantLondon: string;
    brilliantAntwerp: string;
    lapisMain: string;
    obsidianMain: string;
  };
  users: {
    superAdmin: string;
    admin: string;
    manager: string;
    user: string;
    secondUser: string;
    pastDueAdmin: string;
    inactiveAdmin: string;
  };
}

const KIND_FILE_NAMES: Record<number, string> = {
  [FILE_KIND.Result]: "result",
  [FILE_KIND.Luv]: "luv",
  [FILE_KIND.Glowing]: "glowing",
  [FILE_KIND.Coloured]: "coloured",
  [FILE_KIND.Original]: "original",
  [FILE_KIND.OriginalResult]: "original-result",
  [FILE_KIND.OriginalColoured]: "original-coloured",
  [FILE_KIND.Simulants]: "simulants",
};
const ALWAYS_SHOT = [
  FILE_KIND.Result,
  FILE_KIND.Luv,
  FILE_KIND.Glowing,
  FILE_KIND.Coloured,
  FILE_KIND.Original,
  FILE_KIND.Simulants,
] as const;

const TEST_NAMES = [
  "Melee parcel",
  "Solitaire check",
  "Bridal set",
  "Tennis bracelet",
  "Pendant stones",
  "Earring pair",
  "Loose lot",
  "Vintage ring",
  "Eternity band",
  "Cluster ring",
  "Halo setting",
  "Estate brooch",
];
const CUSTOMERS = ["", "Emma Lewis", "Noah Fischer", "Atelier Rossi", "J. Okafor", "Lumière SA", "Hana Sato"];
const VENDORS = ["", "Antwerp Diamond Co", "Surat Gems", "Ramat Gan Traders", "Lab-Grown Direct", "Estate Sales Ltd"];
const PHONES = ["iPhone 14 Pro", "iPhone 15", "Samsung Galaxy S23", "Google Pixel 8", "OnePlus 11", "iPad Pro 11"];
const DESCRIPTIONS = [
  "",
  "Routine screening before setting.",
  "Customer brought the stones for verification.",
  "Parcel from a new supplier; screen every stone.",
  "Re-test after cleaning.",
];

/** The forms notes come in (spec §3): lists, strings wrapping a list, empty wrappers, none. */
const NOTES: StoredNotes[] = [
  ["Inclusion near the girdle", "Re-test requested by the customer"],
  '["Customer wants a certificate","Polished in 2023"]',
  "[]",
  [],
  null,
  ["All stones passed"],
  ["Two stones referred", "Sent to the lab", "Awaiting report"],
];

interface Placement {
  accountId: string;
  businessId: string;
  devices: string[];
  creators: string[];
  weight: number;
}

/** Inserts devices, tests, files and the photo ground truth; stores the photo pool. */
export async function seedTestRecords(
  tx: Tx,
  storage: FileStorage,
  ids: SeedIds,
  now: Date,
  options: { testCount?: number } = {},
): Promise<void> {
  const A = ids.accounts;
  const B = ids.businesses;
  const U = ids.users;
  const D = SEED_DEVICE_IDS;

  const deviceRows: (typeof devices.$inferInsert)[] = [
    [D.labWatson, 5001, "Lab Watson", A.gemtestHq, B.gemtestLab],
    [D.labWatsonAi, 6501, "Lab Watson AI", A.gemtestHq, B.gemtestLab],
    [D.labPrototype, UNKNOWN_DEVICE_TYPE, "Prototype X", A.gemtestHq, B.gemtestLab],
    [D.londonSherlock, 4100, "London counter", A.brilliantGems, B.brilliantLondon],
    [D.londonSherlockAi, 5501, "London back office", A.brilliantGems, B.brilliantLondon],
    [D.antwerpBigSherlock, 4005, "Antwerp bench", A.brilliantGems, B.brilliantAntwerp],
    [D.antwerpBigSherlockAi, 8501, "Antwerp sorting", A.brilliantGems, B.brilliantAntwerp],
    [D.lapisWatson, 5001, "Showroom Watson", A.lapisTraders, B.lapisMain],
    [D.lapisWatsonAi, 6501, "Showroom Watson AI", A.lapisTraders, B.lapisMain],
    [D.obsidianSherlock, 4100, "Workshop Sherlock", A.obsidian, B.obsidianMain],
    [D.obsidianBigSherlockAi, 8501, "Workshop Big AI", A.obsidian, B.obsidianMain],
  ].map(([id, typeCode, name, accountId, businessId], i) => ({
    id: id as string,
    typeCode: typeCode as number,
    name: name as string,
    accountId: accountId as string,
    businessId: businessId as string,
    serialNumber: `GT-${String(typeCode)}-${String(100231 + i * 37)}`,
    createdAt: new Date(now.getTime() - (500 - i) * 86_400_000),
  }));
  await tx.insert(devices).values(deviceRows);

  // The photo pool and its ground truth.
  const stoneRows: (typeof seedPhotoStones.$inferInsert)[] = [];
  const photoSizes = new Map<string, number>();
  for (let layoutIndex = 0; layoutIndex < PHOTO_POOL_SIZE; layoutIndex++) {
    const layout = trayLayout(layoutIndex);
    for (const kind of PHOTO_KINDS) {
      const { key, size } = await storage.put(renderPhoto(layout, kind), { key: photoKey(layoutIndex, kind) });
      photoSizes.set(key, size);
      layout.stones.forEach((stone, stoneIndex) =>
        stoneRows.push({
          storageKey: key,
          stoneIndex,
          x: stone.x,
          y: stone.y,
          radius: stone.radius,
          shape: stone.shape,
          stoneType: stone.type,
        }),
      );
    }
  }
  {
    const { key, size } = await storage.put(
      await renderDevicePhoto(trayLayout(FULL_SIZE_PHOTO_LAYOUT), FILE_KIND.Result),
      { key: DEVICE_PHOTO_KEY },
    );
    photoSizes.set(key, size);
  }
  for (let n = 0; n < PDF_COUNT; n++) {
    const { key, size } = await storage.put(demoPdf(`Gemtest screening report ${n + 1}`), { key: seedPdfKey(n) });
    photoSizes.set(key, size);
  }
  for (const chunk of chunks(stoneRows)) await tx.insert(seedPhotoStones).values(chunk);

  const placements: Placement[] = [
    {
      accountId: A.gemtestHq,
      businessId: B.gemtestLab,
      devices: [D.labWatson, D.labWatsonAi, D.labPrototype],
      creators: [U.superAdmin],
      weight: 3,
    },
    {
      accountId: A.brilliantGems,
      businessId: B.brilliantLondon,
      devices: [D.londonSherlock, D.londonSherlockAi],
      creators: [U.manager, U.user, U.admin],
      weight: 11,
    },
    {
      accountId: A.brilliantGems,
      businessId: B.brilliantAntwerp,
      devices: [D.antwerpBigSherlock, D.antwerpBigSherlockAi],
      creators: [U.admin, U.secondUser, U.user],
      weight: 9,
    },
    {
      accountId: A.lapisTraders,
      businessId: B.lapisMain,
      devices: [D.lapisWatson, D.lapisWatsonAi],
      creators: [U.pastDueAdmin],
      weight: 5,
    },
    {
      accountId: A.obsidian,
      businessId: B.obsidianMain,
      devices: [D.obsidianSherlock, D.obsidianBigSherlockAi],
      creators: [U.inactiveAdmin],
      weight: 4,
    },
  ];
  const totalWeight = placements.reduce((sum, p) => sum + p.weight, 0);

  const random = prng(424242);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const count = options.testCount ?? SEED_TEST_COUNT;
  const dayMs = 86_400_000;
  const testRows: (typeof tests.$inferInsert)[] = [];
  const fileRows: (typeof testFiles.$inferInsert)[] = [];
  let fileNumber = 0;

  for (let n = 1; n <= count; n++) {
    // Weighted placement, then a creator of that business.
    let roll = random() * totalWeight;
    const placement = placements.find((p) => (roll -= p.weight) < 0) ?? placements[0]!;
    // Newest first by number: test 1 is from today, the last about a year ago.
    const date = new Date(
      now.getTime() - Math.floor(((n - 1) * 360) / count) * dayMs - Math.floor(random() * 8 * 3_600_000) - 60_000,
    );
    const copied = placement.accountId === A.brilliantGems && n % 9 === 4;
    const sku = n % 6 === 0 ? "" : `SKU-${String(10_000 + n * 7)}`;
    const name = `${pick(TEST_NAMES)} ${n}`;
    testRows.push({
      id: seedTestId(n),
      name,
      deviceId: copied ? pick([D.lapisWatson, D.lapisWatsonAi]) : pick(placement.devices),
      businessId: placement.businessId,
      accountId: placement.accountId,
      createdBy: pick(placement.creators),
      date,
      description: pick(DESCRIPTIONS),
      notes: NOTES[n % NOTES.length]!,
      sku,
      customer: pick(CUSTOMERS),
      vendorName: pick(VENDORS),
      phoneType: pick(PHONES),
      redFilterValues:
        n % 3 === 0
          ? []
          : Array.from({ length: 2 + (n % 3) }, (_, k) => ({
              name: `Stone ${k + 1}`,
              redFilterValue: Math.round(random() * 1000) / 10,
            })),
      isCopied: copied,
      originalAccountId: copied ? A.lapisTraders : null,
      copiedAt: copied ? new Date(Math.min(now.getTime(), date.getTime() + 2 * dayMs)) : null,
      sharedAt: n % 11 === 3 ? new Date(date.getTime() + 3_600_000) : null,
      // A few recently deleted tests, still recoverable (spec §9: 15 days).
      deletedAt: n % 41 === 20 ? new Date(now.getTime() - (n % 10) * dayMs) : null,
      createdAt: date,
    });
    // Deleted by the person who made it (Recover shows who deleted each test).
    const row = testRows[testRows.length - 1]!;
    if (row.deletedAt) row.deletedBy = row.createdBy;

    const addFile = (file: Omit<typeof testFiles.$inferInsert, "id" | "testId" | "size" | "createdAt">) => {
      fileNumber += 1;
      fileRows.push({
        ...file,
        id: seedFileId(fileNumber),
        testId: seedTestId(n),
        size: photoSizes.get(file.storageKey)!,
        createdAt: date,
      });
    };
    const runs = 1 + Math.floor(random() * 3);
    for (let group = 0; group < runs; group++) {
      const layout = Math.floor(random() * PHOTO_POOL_SIZE);
      const kinds: PhotoKind[] = [...ALWAYS_SHOT];
      if (random() < 0.3) kinds.push(FILE_KIND.OriginalResult, FILE_KIND.OriginalColoured);
      const fullSize = group === 0 && FULL_SIZE_PHOTO_TESTS.includes(n);
      for (const kind of kinds) {
        if (fullSize && kind === FILE_KIND.Result) {
          addFile({
            name: `${KIND_FILE_NAMES[kind]}-${group + 1}.jpg`,
            storageKey: DEVICE_PHOTO_KEY,
            group,
            type: "image",
            kind,
            contentType: "image/jpeg",
          });
          continue;
        }
        addFile({
          name: `${KIND_FILE_NAMES[kind]}-${group + 1}.png`,
          // The full-size Result photo's run shows its layout under the other lights too.
          storageKey: photoKey(fullSize ? FULL_SIZE_PHOTO_LAYOUT : layout, kind),
          group,
          type: "image",
          kind,
          contentType: "image/png",
        });
      }
    }
    const otherImages = random() < 0.35 ? 1 + Math.floor(random() * 2) : 0;
    for (let k = 0; k < otherImages; k++) {
      addFile({
        name: `close-up-${k + 1}.png`,
        storageKey: photoKey(Math.floor(random() * PHOTO_POOL_SIZE), FILE_KIND.Original),
        group: 0,
        type: "image",
        kind: FILE_KIND.Other,
        contentType: "image/png",
      });
    }
    if (n % 5 !== 2) {
      addFile({
        name: "screening-report.pdf",
        storageKey: seedPdfKey(n % PDF_COUNT),
        group: 0,
        type: "document",
        kind: FILE_KIND.Other,
        contentType: "application/pdf",
      });
    }
  }

  for (const chunk of chunks(testRows)) await tx.insert(tests).values(chunk);
  for (const chunk of chunks(fileRows)) await tx.insert(testFiles).values(chunk);
}

function* chunks<T>(rows: T[], size = 500): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}
