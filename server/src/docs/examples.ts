/**
 * Example records for the document, taken from the demo seed (server/src/db/seed.ts: Brilliant Gems
 * Ltd, its London business, its admin Alice Morgan and its London counter's device), as the
 * service answers them; the times that the seed sets relative to today are fixed here. The
 * document shows them on the resource's record, list and create answers (see openapi.ts);
 * tests/server/openapi.test.ts checks that each still has exactly the fields the service answers.
 */
export const RECORD_EXAMPLES: Record<string, Record<string, unknown>> = {
  accounts: {
    id: "10000000-0000-4000-8000-000000000002",
    version: 1,
    name: "Brilliant Gems Ltd",
    ownerId: "30000000-0000-4000-8000-000000000002",
    ownerName: "Alice Morgan",
    email: "billing@brilliantgems.example.com",
    phone: "+44 20 7946 0002",
    country: "GB",
    status: "active",
    subscriptionStatus: "active",
    createdAt: "2023-03-02T09:00:00.000Z",
    businessCount: 2,
    userCount: 4,
    deviceCount: 4,
    testCount: 195,
  },
  businesses: {
    id: "20000000-0000-4000-8000-000000000002",
    version: 1,
    name: "Brilliant Gems London",
    accountId: "10000000-0000-4000-8000-000000000002",
    accountName: "Brilliant Gems Ltd",
    ownerId: "30000000-0000-4000-8000-000000000003",
    ownerName: "Marcus Reed",
    address: "88 Hatton Garden",
    city: "London",
    country: "GB",
    phone: "+44 20 7946 0102",
    createdAt: "2023-03-02T09:00:00.000Z",
  },
  users: {
    id: "30000000-0000-4000-8000-000000000002",
    version: 1,
    firstName: "Alice",
    lastName: "Morgan",
    email: "admin@example.com",
    role: "Admin",
    accountId: "10000000-0000-4000-8000-000000000002",
    accountName: "Brilliant Gems Ltd",
    businessId: "20000000-0000-4000-8000-000000000003",
    businessName: "Brilliant Gems Antwerp",
    status: "active",
    lastSignInAt: "2025-01-30T08:12:00.000Z",
    avatar: null,
    createdAt: "2023-03-02T09:00:00.000Z",
  },
  devices: {
    id: "60000000-0000-4000-8000-000000000004",
    version: 1,
    serialNumber: "GT-4100-100342",
    typeCode: 4100,
    customBoxName: "London counter",
    firmwareVersion: "4.2.1",
    accountId: "10000000-0000-4000-8000-000000000002",
    accountName: "Brilliant Gems Ltd",
    businessId: "20000000-0000-4000-8000-000000000002",
    businessName: "Brilliant Gems London",
    status: "active",
    lastSeenAt: "2025-01-31T11:00:00.000Z",
    phoneBrand: "Samsung",
    phoneModel: "Galaxy A54",
    phoneOs: "Android 13",
    notifyOwner: true,
    hasTests: true,
    createdAt: "2024-07-18T09:00:00.000Z",
  },
};

/** The example record of the resource whose routes these are (`/api/{resource}`, `/api/{resource}/:id`), if any. */
export function recordExampleOf(method: string, url: string): { status: string; example: unknown } | undefined {
  const match = /^\/api\/([a-z-]+)(\/:id)?$/.exec(url);
  const record = match ? RECORD_EXAMPLES[match[1]!] : undefined;
  if (!match || !record) return undefined;
  const one = match[2] !== undefined;
  if (method === "GET") return { status: "200", example: one ? record : [record] };
  if (method === "POST" && !one) return { status: "201", example: record };
  if (method === "PUT" && one) return { status: "200", example: record };
  return undefined;
}
