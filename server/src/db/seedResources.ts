/**
 * Resource demo data (docs/api-resources.md): fills in the new fields of the demo accounts,
 * businesses, users and devices, gives them subscriptions and payments, adds firmware and
 * discounts, and generates many more accounts so lists, filters and exports feel real.
 *
 * Deterministic (fixed ids, a seeded PRNG, dates relative to the seeding moment) and written with
 * multi-row INSERTs: thousands of rows cost a few round trips, which keeps the first start fast.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { planOf } from "../../../src/api/plans";
import type { Role } from "../../../src/api/types";
import type { FileStorage } from "../files/storage";
import type { Database } from "./client";
import { accounts, businesses, devices, discounts, firmware, payments, subscriptions, tests, users } from "./schema";
import { prng } from "./seedPhotos";
import { SEED_DEVICE_IDS, type SeedIds } from "./seedTests";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Pick<Database, "insert" | "update" | "execute">;

const DAY = 86_400_000;
/** Rows per INSERT: far below PostgreSQL's 65,535 parameters for our widest table. */
const CHUNK = 1000;

export async function insertChunked<T extends PgTable>(
  db: Executor,
  table: T,
  rows: T["$inferInsert"][],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.insert(table).values(rows.slice(i, i + CHUNK));
  }
}

const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, "0")}`;

const COUNTRIES = ["GB", "BE", "NL", "DE", "FR", "US", "AE", "IN", "HK", "IL", "CH", "IT"];
const CITIES: Record<string, string[]> = {
  GB: ["London", "Birmingham", "Manchester"],
  BE: ["Antwerp", "Brussels"],
  NL: ["Amsterdam", "Rotterdam"],
  DE: ["Idar-Oberstein", "Berlin", "Munich"],
  FR: ["Paris", "Lyon"],
  US: ["New York", "Los Angeles", "Chicago"],
  AE: ["Dubai"],
  IN: ["Mumbai", "Surat", "Jaipur"],
  HK: ["Hong Kong"],
  IL: ["Ramat Gan", "Tel Aviv"],
  CH: ["Geneva", "Zurich"],
  IT: ["Milan", "Valenza", "Vicenza"],
};
const NAME_PARTS = [
  "Aurora",
  "Beryl",
  "Carat",
  "Diamond",
  "Emerald",
  "Facet",
  "Garnet",
  "Halo",
  "Iris",
  "Jade",
  "Kunzite",
  "Lumen",
  "Marquise",
  "Nova",
  "Opal",
  "Prism",
  "Quartz",
  "Ruby",
  "Sapphire",
  "Topaz",
  "Umbra",
  "Vivid",
  "Zircon",
];
const NAME_ENDS = ["Gems", "Jewellers", "Diamonds", "Trading", "& Sons", "Atelier", "Lab", "Stones", "House", "Group"];
const FIRST = [
  "Ava",
  "Ben",
  "Chloe",
  "David",
  "Elif",
  "Farah",
  "George",
  "Hana",
  "Ivan",
  "Julia",
  "Kofi",
  "Lena",
  "Mateo",
  "Nina",
  "Omar",
  "Paula",
  "Quinn",
  "Rosa",
  "Sami",
  "Tara",
  "Uri",
  "Vera",
  "Wen",
  "Yusuf",
  "Zoe",
];
const LAST = [
  "Adams",
  "Brown",
  "Cohen",
  "Dubois",
  "Evans",
  "Fischer",
  "Garcia",
  "Haddad",
  "Ito",
  "Jansen",
  "Khan",
  "Lopez",
  "Meyer",
  "Nakamura",
  "Okafor",
  "Peeters",
  "Rossi",
  "Singh",
  "Tanaka",
  "Urban",
  "Visser",
  "Wong",
  "Yilmaz",
  "Zhang",
];
const PHONES: [string, string, string][] = [
  ["Apple", "iPhone 15 Pro", "iOS 17.5"],
  ["Apple", "iPhone 13", "iOS 16.7"],
  ["Samsung", "Galaxy S24", "Android 14"],
  ["Samsung", "Galaxy A54", "Android 13"],
  ["Google", "Pixel 8", "Android 14"],
  ["Xiaomi", "Redmi Note 12", "Android 13"],
];
const TYPE_CODES = [5001, 4100, 4005, 6501, 5501, 8501];
const FIRMWARE_VERSIONS = ["3.9.4", "4.0.0", "4.1.2", "4.2.1"];
const PLANS: { plan: string; price: number; interval: "month" | "year" }[] = [
  { plan: "Starter", price: 4900, interval: "month" },
  { plan: "Professional", price: 14900, interval: "month" },
  { plan: "Professional", price: 149000, interval: "year" },
  { plan: "Enterprise", price: 49900, interval: "month" },
];
const CURRENCY: Record<string, string> = {
  GB: "GBP",
  US: "USD",
  CH: "CHF",
  IN: "INR",
  HK: "HKD",
  AE: "AED",
  IL: "ILS",
};
const currencyOf = (country: string) => CURRENCY[country] ?? "EUR";
const CARDS = ["Visa •••• 4242", "Mastercard •••• 4444", "Amex •••• 0005", "Visa •••• 1881"];

/** At most 100 users and devices and 1,000 payments per account (the id scheme's room). */
export interface GenerateOptions {
  /** Where the generated numbering starts: two runs with different offsets never collide. */
  offset: number;
  accounts: number;
  usersPerAccount: number;
  devicesPerAccount: number;
  /** Monthly payments per account with a subscription. */
  paymentsPerAccount: number;
  passwordHash: string;
  now: Date;
}

type SubState = "active" | "past_due" | "canceled" | "inactive";

function pickState(random: () => number): SubState {
  const r = random();
  return r < 0.8 ? "active" : r < 0.88 ? "past_due" : r < 0.93 ? "canceled" : "inactive";
}

/** Many accounts with businesses, users, devices, a subscription and its payments each. */
export async function seedGeneratedAccounts(db: Executor, options: GenerateOptions): Promise<void> {
  const { offset, now } = options;
  const random = prng(0x5eed + offset);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const accountRows: (typeof accounts.$inferInsert)[] = [];
  const businessRows: (typeof businesses.$inferInsert)[] = [];
  const userRows: (typeof users.$inferInsert)[] = [];
  const deviceRows: (typeof devices.$inferInsert)[] = [];
  const subscriptionRows: (typeof subscriptions.$inferInsert)[] = [];
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  // Ids derive from the account's number, so runs with other offsets or sizes never collide.
  const userNumber = (a: number, u: number) => a * 100 + u;

  for (let a = offset; a < offset + options.accounts; a++) {
    const accountId = uuid("a1000000", a);
    const country = pick(COUNTRIES);
    const name = `${pick(NAME_PARTS)} ${pick(NAME_ENDS)} ${a + 1}`;
    const slug = `acct${a + 1}`;
    const createdAt = new Date(now.getTime() - Math.floor(30 + random() * 1500) * DAY);
    const state = pickState(random);
    const ownerId = uuid("a3000000", userNumber(a, 0));
    accountRows.push({
      id: accountId,
      name,
      email: `billing@${slug}.example.com`,
      phone: `+${10 + Math.floor(random() * 89)} ${Math.floor(100000000 + random() * 899999999)}`,
      country,
      status: random() < 0.95 ? "active" : "suspended",
      subscriptionStatus: state,
      ownerId,
      createdAt,
    });
    const businessIds = [uuid("a2000000", a * 2)];
    if (random() < 0.4) businessIds.push(uuid("a2000000", a * 2 + 1));
    businessIds.forEach((id, i) => {
      const city = pick(CITIES[country]!);
      businessRows.push({
        id,
        accountId,
        name: i === 0 ? `${name} ${city}` : `${name} ${city} ${i + 1}`,
        ownerId,
        address: `${1 + Math.floor(random() * 200)} ${pick(LAST)} Street`,
        city,
        country,
        phone: `+${10 + Math.floor(random() * 89)} ${Math.floor(100000000 + random() * 899999999)}`,
        createdAt,
      });
    });
    for (let u = 0; u < options.usersPerAccount; u++) {
      const userN = userNumber(a, u);
      const first = pick(FIRST);
      const last = pick(LAST);
      const role: Role = u === 0 ? "Admin" : random() < 0.3 ? "Manager" : "User";
      const status = u === 0 ? "active" : random() < 0.9 ? "active" : random() < 0.5 ? "invited" : "disabled";
      userRows.push({
        id: uuid("a3000000", userN),
        accountId,
        businessId: pick(businessIds),
        firstName: first,
        lastName: last,
        email: `${first}.${last}.${userN}@${slug}.example.com`.toLowerCase(),
        passwordHash: options.passwordHash,
        role,
        status,
        lastSignInAt: status === "active" ? new Date(now.getTime() - Math.floor(random() * 60 * DAY)) : null,
        createdAt: new Date(createdAt.getTime() + u * DAY),
      });
    }
    for (let d = 0; d < options.devicesPerAccount; d++) {
      const deviceN = a * 100 + d;
      const [brand, model, os] = pick(PHONES);
      const typeCode = pick(TYPE_CODES);
      deviceRows.push({
        id: uuid("a6000000", deviceN),
        serialNumber: `GX-${typeCode}-${String(deviceN).padStart(8, "0")}`,
        typeCode,
        name: random() < 0.6 ? `Box ${d + 1}` : "",
        accountId,
        businessId: pick(businessIds),
        firmwareVersion: pick(FIRMWARE_VERSIONS),
        status: random() < 0.92 ? "active" : random() < 0.5 ? "lost" : "unsubscribed",
        lastSeenAt: random() < 0.9 ? new Date(now.getTime() - Math.floor(random() * 90 * DAY)) : null,
        phoneBrand: brand,
        phoneModel: model,
        phoneOs: os,
        createdAt,
      });
    }
    if (state === "inactive") continue;
    const subscriptionId = uuid("a7000000", a);
    const plan = pick(PLANS);
    const currency = currencyOf(country);
    const periodDays = plan.interval === "month" ? 30 : 365;
    const periodEnd =
      state === "active"
        ? new Date(now.getTime() + Math.floor(1 + random() * 29) * DAY)
        : new Date(now.getTime() - 3 * DAY);
    subscriptionRows.push({
      id: subscriptionId,
      accountId,
      plan: plan.plan,
      price: plan.price,
      currency,
      interval: plan.interval,
      status: state,
      currentPeriodStart: new Date(periodEnd.getTime() - periodDays * DAY),
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: state === "active" && random() < 0.1,
      canceledAt: state === "canceled" ? new Date(now.getTime() - 2 * DAY) : null,
      graceEndsAt: state === "canceled" ? new Date(now.getTime() + 19 * DAY) : null,
      createdAt,
    });
    for (let p = 0; p < options.paymentsPerAccount; p++) {
      const paymentN = a * 1000 + p;
      const failed = random() < 0.05;
      const refunded = !failed && random() < 0.03;
      const method = random() < 0.75 ? "card" : random() < 0.6 ? "bank_transfer" : "invoice";
      paymentRows.push({
        id: uuid("a8000000", paymentN),
        accountId,
        subscriptionId,
        amount: plan.price,
        currency,
        status: p === 0 && state === "past_due" ? "failed" : failed ? "failed" : refunded ? "refunded" : "succeeded",
        method,
        methodDetail: method === "card" ? pick(CARDS) : method === "bank_transfer" ? "SEPA DE89…3000" : null,
        invoiceNumber: `INV-${String(a + 1).padStart(6, "0")}-${String(p + 1).padStart(3, "0")}`,
        date: new Date(periodEnd.getTime() - (p + 1) * periodDays * DAY + Math.floor(random() * 3600_000)),
        refundedAmount: refunded ? plan.price : 0,
        failureReason: failed ? "card_declined" : null,
        createdAt,
      });
    }
  }
  await insertChunked(db, accounts, accountRows);
  await insertChunked(db, businesses, businessRows);
  await insertChunked(db, users, userRows);
  await insertChunked(db, devices, deviceRows);
  await insertChunked(db, subscriptions, subscriptionRows);
  await insertChunked(db, payments, paymentRows);
}

/** The new fields of the demo records, their subscriptions and payments, firmware and discounts. */
export async function seedDemoResources(tx: Tx, storage: FileStorage, ids: SeedIds, now: Date): Promise<void> {
  const A = ids.accounts;
  const B = ids.businesses;
  const U = ids.users;
  const accountFields: [string, { phone: string; country: string; ownerId: string }][] = [
    [A.gemtestHq, { phone: "+44 20 7946 0001", country: "GB", ownerId: U.superAdmin }],
    [A.brilliantGems, { phone: "+44 20 7946 0002", country: "GB", ownerId: U.admin }],
    [A.lapisTraders, { phone: "+32 3 555 0103", country: "BE", ownerId: U.pastDueAdmin }],
    [A.obsidian, { phone: "+31 20 555 0104", country: "NL", ownerId: U.inactiveAdmin }],
  ];
  for (const [id, values] of accountFields) await tx.update(accounts).set(values).where(eq(accounts.id, id));
  const businessFields: [string, { address: string; city: string; country: string; phone: string }][] = [
    [B.gemtestLab, { address: "1 Hatton Garden", city: "London", country: "GB", phone: "+44 20 7946 0101" }],
    [B.brilliantLondon, { address: "88 Hatton Garden", city: "London", country: "GB", phone: "+44 20 7946 0102" }],
    [B.brilliantAntwerp, { address: "Hoveniersstraat 22", city: "Antwerp", country: "BE", phone: "+32 3 555 0105" }],
    [B.lapisMain, { address: "Pelikaanstraat 7", city: "Antwerp", country: "BE", phone: "+32 3 555 0106" }],
    [B.obsidianMain, { address: "Prinsengracht 410", city: "Amsterdam", country: "NL", phone: "+31 20 555 0107" }],
  ];
  for (const [id, values] of businessFields) await tx.update(businesses).set(values).where(eq(businesses.id, id));
  // The demo users' last sign-ins are their latest in the seeded history (seedActivity.ts).

  // Devices sharing a phone model run different OS versions, as phones in the field do (Top
  // Phones Used shows them); a test's phone type is its device's phone.
  const OS_UPDATES: Record<string, string> = {
    "iOS 17.5": "iOS 18.1",
    "iOS 16.7": "iOS 17.5",
    "Android 14": "Android 15",
    "Android 13": "Android 14",
  };
  let i = 0;
  for (const id of Object.values(SEED_DEVICE_IDS)) {
    const [brand, model, firstOs] = PHONES[i % PHONES.length]!;
    const os = i < PHONES.length ? firstOs : (OS_UPDATES[firstOs] ?? firstOs);
    await tx
      .update(devices)
      .set({
        firmwareVersion: FIRMWARE_VERSIONS[i % FIRMWARE_VERSIONS.length]!,
        lastSeenAt: new Date(now.getTime() - (i + 1) * 3 * 3600_000),
        phoneBrand: brand,
        phoneModel: model,
        phoneOs: os,
      })
      .where(eq(devices.id, id));
    await tx
      .update(tests)
      .set({ phoneType: `${brand} ${model}` })
      .where(eq(tests.deviceId, id));
    i++;
  }

  // Subscriptions matching the demo sign-ins' states (Obsidian has none: inactive), on the
  // Professional plan, monthly, in the plans' currency (src/api/plans.ts): what they pay.
  const demoSubs: { account: string; status: "active" | "past_due"; n: number }[] = [
    { account: A.gemtestHq, status: "active", n: 1 },
    { account: A.brilliantGems, status: "active", n: 2 },
    { account: A.lapisTraders, status: "past_due", n: 3 },
  ];
  const PROFESSIONAL = planOf("professional");
  const subRows: (typeof subscriptions.$inferInsert)[] = [];
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  for (const sub of demoSubs) {
    const id = uuid("70000000", sub.n);
    const end = sub.status === "active" ? new Date(now.getTime() + 12 * DAY) : new Date(now.getTime() - 3 * DAY);
    subRows.push({
      id,
      accountId: sub.account,
      plan: PROFESSIONAL.name,
      price: PROFESSIONAL.monthlyPrice,
      currency: PROFESSIONAL.currency,
      interval: "month",
      status: sub.status,
      currentPeriodStart: new Date(end.getTime() - 30 * DAY),
      currentPeriodEnd: end,
    });
    for (let p = 0; p < 12; p++) {
      const n = sub.n * 100 + p;
      paymentRows.push({
        id: uuid("80000000", n),
        accountId: sub.account,
        subscriptionId: id,
        amount: PROFESSIONAL.monthlyPrice,
        currency: PROFESSIONAL.currency,
        status: sub.status === "past_due" && p === 0 ? "failed" : "succeeded",
        method: "card",
        methodDetail: CARDS[sub.n % CARDS.length]!,
        invoiceNumber: `INV-D${String(n).padStart(6, "0")}`,
        date: new Date(end.getTime() - (p + 1) * 30 * DAY),
        failureReason: sub.status === "past_due" && p === 0 ? "card_declined" : null,
      });
    }
  }
  await tx.insert(subscriptions).values(subRows);
  await tx.insert(payments).values(paymentRows);

  // A few small firmware builds, stored like any upload.
  const builds: [number, string, "published" | "draft" | "withdrawn"][] = [
    [5001, "4.1.2", "published"],
    [5001, "4.2.1", "draft"],
    [6501, "2.0.0", "published"],
    [8501, "1.3.0-beta.1", "withdrawn"],
  ];
  let b = 0;
  for (const [deviceTypeCode, firmwareVersion, status] of builds) {
    const bytes = Buffer.from(`GEMTEST FIRMWARE ${deviceTypeCode} ${firmwareVersion}\n`.repeat(64));
    const { key, size } = await storage.put(bytes, { key: `seed-firmware-${deviceTypeCode}-${firmwareVersion}.bin` });
    await tx.insert(firmware).values({
      id: uuid("90000000", ++b),
      firmwareVersion,
      deviceTypeCode,
      releaseNotes: `Release ${firmwareVersion}: stability and calibration improvements.`,
      fileName: `gemtest-${deviceTypeCode}-${firmwareVersion}.bin`,
      fileSize: size,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      storageKey: key,
      status,
      uploadedBy: U.superAdmin,
      uploadedAt: new Date(now.getTime() - (10 - b) * 7 * DAY),
    });
  }

  await tx.insert(discounts).values([
    {
      id: uuid("91000000", 1),
      code: "WELCOME10",
      description: "Welcome offer: 10% off the first payment",
      kind: "percent",
      percentOff: 10,
    },
    {
      id: uuid("91000000", 2),
      code: "FAIR-2025",
      description: "Trade fair offer",
      kind: "amount",
      amountOff: 5000,
      currency: "EUR",
      validFrom: new Date(now.getTime() - 60 * DAY),
      validTo: new Date(now.getTime() - 30 * DAY),
    },
    {
      id: uuid("91000000", 3),
      code: "PARTNER_25",
      description: "Partner labs",
      kind: "percent",
      percentOff: 25,
      redemptionLimit: 20,
      redemptionCount: 7,
    },
    { id: uuid("91000000", 4), code: "OLD5", description: "Retired", kind: "percent", percentOff: 5, active: false },
  ]);
}
