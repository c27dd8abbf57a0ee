/**
 * The contract suite: every declared resource (src/api/contract/) driven through the console's
 * real dataProvider against the real service on the test database. What the console may ask for
 * — each declared sort both ways (id too), each filter, the search, each picker's query — the
 * service answers, and answers as declared. A sort or filter declared on one side only fails here.
 */
import type { OpenAPIV3 } from "openapi-types";
import type { RaRecord } from "react-admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTRACTS } from "../../src/api/contract";
import type { RouteAccess } from "../../src/api/contract/declare";
import {
  editedFieldsOf,
  filterKeysOf,
  pickerSortOf,
  sortsOf,
  type AnyResourceContract,
} from "../../src/api/contract/declare";
import type { User } from "../../src/api/resources";
import { userFieldsEditableBy } from "../../src/api/rules";
import { onlyFields } from "../../src/resources/shared/editableFields";
import { canAccess } from "../../src/access/accessRules";
import { ROLES, type Role } from "../../src/api/types";
import type { ConsoleDataProvider } from "../../src/dataProvider";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { CONTRACT } from "../fixtures/contract";
import { consoleAs } from "./consoleClient";
import { createTestApp, signIn, type TestApp } from "./helpers";

let testApp: TestApp;
let superAdmin: ConsoleDataProvider;
let admin: ConsoleDataProvider;
/** The accounts of the users signed in here. */
const signedInAccounts = new Set<string>();

/** The console's dataProvider, signed in as the demo user with that email. */
async function consoleAsSignedIn(email: string): Promise<ConsoleDataProvider> {
  const dataProvider = await consoleAs(testApp.app, email);
  signedInAccounts.add(dataProvider.user.accountId);
  return dataProvider;
}

const firstPage = { pagination: { page: 1, perPage: 25 }, sort: { field: "id", order: "ASC" as const } };

/**
 * What the demo seed has none of (or none with every field set), made as the console makes it, so
 * that every contract's list has rows to sort, filter and search: two accounts' deletions asked
 * for (deleted-accounts, and the account deletions of scheduled-actions), two devices marked lost
 * (lost-devices' lostAt and lostBy), a forced reset of a user and one of a phone, canceled
 * (forced-resets); each writes its activity entry (activity).
 */
async function makeRecords(): Promise<void> {
  const { data: accounts } = await superAdmin.getList("accounts", { ...firstPage, filter: { status: "active" } });
  // Not the signed-in users' own accounts: the admin's lists and pickers are read below. Deleting
  // one, like a forced reset, asks for the password again first.
  expect(await superAdmin.checkPassword(DEMO_PASSWORD)).toBe(true);
  for (const account of accounts.filter(({ id }) => !signedInAccounts.has(String(id))).slice(0, 2)) {
    await superAdmin.delete("accounts", { id: account.id, previousData: account });
  }
  const { data: devices } = await superAdmin.getList("devices", { ...firstPage, filter: { status: "active" } });
  for (const device of devices.slice(0, 2)) await superAdmin.markDeviceLost(String(device.id), device.version);
  const { data: users } = await superAdmin.getList("users", { ...firstPage, filter: { status: "active" } });
  await superAdmin.create("forced-resets", { data: { target: "user", userId: users[0]!.id } });
  const { data: reset } = await superAdmin.create("forced-resets", {
    data: { target: "phone", deviceId: devices[2]!.id },
  });
  await superAdmin.cancelForcedReset(String(reset.id));
}

beforeAll(async () => {
  testApp = await createTestApp();
  superAdmin = await consoleAsSignedIn("superadmin@example.com");
  admin = await consoleAsSignedIn("admin@example.com");
  await makeRecords();
});

afterAll(async () => {
  await testApp.close();
});

const PAGE = { page: 1, perPage: 100 };
const contracts = Object.values(CONTRACTS);

/** Lists with no record route (GET {name}/{id}): the activity log is read as a list only. */
const LIST_ONLY = new Set(["activity"]);

it("lists every contract under its own name (the console's columns find it by its resource's)", () => {
  expect(Object.entries(CONTRACTS).filter(([key, contract]) => key !== contract.name)).toEqual([]);
});

/** The ids of a sorted page whose sort field is set (nulls come last both ways, each by id). */
const idsWithValue = (records: RaRecord[], field: string) =>
  records.filter((record) => !(field in record) || record[field] !== null).map((record) => String(record.id));

describe.each(contracts.map((contract) => [contract.name, contract] as const))("%s", (_name, contract) => {
  const list = (dataProvider: ConsoleDataProvider, params: { sort?: [string, "ASC" | "DESC"]; filter?: object }) =>
    dataProvider.getList(contract.name, {
      pagination: PAGE,
      sort: { field: params.sort?.[0] ?? contract.defaultSort[0], order: params.sort?.[1] ?? contract.defaultSort[1] },
      filter: params.filter ?? {},
    });

  it.each(sortsOf(contract).map((field) => [field]))("sorts by %s both ways", async (field) => {
    const ascending = await list(superAdmin, { sort: [field, "ASC"] });
    const descending = await list(superAdmin, { sort: [field, "DESC"] });
    expect(ascending.total).toBe(descending.total);
    expect(ascending.data.length).toBeGreaterThan(0);
    if (ascending.total! <= PAGE.perPage) {
      // Ties are broken by id in the same direction, so one order is the other's reverse.
      expect(idsWithValue(descending.data, field)).toEqual(idsWithValue(ascending.data, field).reverse());
    }
  });

  it("filters by each declared filter, keeping only what matches", async () => {
    const { data: all } = await list(superAdmin, {});
    const sample = all[0]!;
    for (const [key, kind] of Object.entries(contract.filters)) {
      if (kind === "exact") {
        const value = all.find((record) => record[key] !== null)?.[key];
        if (value === undefined) continue;
        const { data } = await list(superAdmin, { filter: { [key]: value } });
        expect(data.length, `${key} = ${String(value)}`).toBeGreaterThan(0);
        expect(data.every((record) => record[key] === value)).toBe(true);
      } else if (kind === "range") {
        const value = all.find((record) => record[key] !== null)?.[key] as string | undefined;
        if (value === undefined) continue;
        const from = await list(superAdmin, { filter: { [`${key}_gte`]: value } });
        expect(from.data.every((record) => Date.parse(record[key]) >= Date.parse(value))).toBe(true);
        const to = await list(superAdmin, { filter: { [`${key}_lte`]: value } });
        expect(to.data.every((record) => Date.parse(record[key]) <= Date.parse(value))).toBe(true);
        expect(from.data.length + to.data.length).toBeGreaterThan(0);
      } else {
        // A filter of its own (bookmarked, valid_at): accepted with a value of its type.
        const value = { boolean: true, date: new Date().toISOString(), string: "x", integer: 1 }[kind];
        await expect(list(superAdmin, { filter: { [key]: value } })).resolves.toBeDefined();
      }
    }
    if (contract.search) {
      const word = String(sample[contract.representation] ?? "").slice(0, 3);
      const { data } = await list(superAdmin, { filter: { q: word } });
      expect(data.length).toBeGreaterThan(0);
    }
    await expect(list(superAdmin, { filter: { notDeclared: 1 } })).rejects.toMatchObject({ status: 400 });
    // A sort it does not declare is refused as the console's tests answer it (tests/fixtures/contract.ts).
    await expect(list(superAdmin, { sort: ["notDeclared", "ASC"] })).rejects.toMatchObject({
      status: 400,
      body: CONTRACT.lists.unknownSort("notDeclared").body,
    });
  });

  it("answers getMany and getOne with records of the declared shape", async () => {
    const { data } = await list(superAdmin, {});
    const ids = data.slice(0, 3).map((record) => record.id);
    const many = await superAdmin.getMany(contract.name, { ids });
    expect(many.data.map((record) => record.id).sort()).toEqual([...ids].sort());
    if (LIST_ONLY.has(contract.name)) {
      await expect(superAdmin.getOne(contract.name, { id: ids[0]! })).rejects.toMatchObject({ status: 404 });
      return;
    }
    const one = await superAdmin.getOne(contract.name, { id: ids[0]! });
    expect(Object.keys(one.data).sort()).toEqual(Object.keys(data[0]!).sort());
  });
});

describe("pickers", () => {
  const references = contracts.flatMap((contract) =>
    Object.entries(contract.references ?? {}).map(([field, target]) => [
      `${contract.name}.${field} → ${target}`,
      target!,
    ]),
  );

  it.each(references)("%s: the picker's query is answered, as super admin and as admin", async (_label, target) => {
    const targetContract = CONTRACTS[target];
    // A reference to a resource with no contract would be asked with react-admin's default sort.
    const sort = targetContract ? pickerSortOf(targetContract) : { field: "id", order: "DESC" as const };
    for (const dataProvider of [superAdmin, admin]) {
      const page = dataProvider.getList(target, { pagination: { page: 1, perPage: 25 }, sort, filter: { q: "" } });
      // An admin may not list every resource (payments' subscriptions are theirs; accounts are not).
      if (dataProvider === admin && ["accounts"].includes(target)) {
        await expect(page).rejects.toMatchObject({ status: 403 });
        continue;
      }
      const { data } = await page;
      expect(data.length).toBeGreaterThan(0);
      expect(data.every((record) => typeof record[targetContract?.representation ?? "id"] === "string")).toBe(true);
    }
  });

  it("the business picker lists the account's businesses by name", async () => {
    // The picker on an admin's user form: the edited user's account (the admin's own).
    const { data: users } = await admin.getList("users", {
      pagination: { page: 1, perPage: 1 },
      sort: { field: "lastName", order: "ASC" },
      filter: {},
    });
    const accountId = users[0]!.accountId as string;
    const { data } = await admin.getList("businesses", {
      pagination: { page: 1, perPage: 25 },
      sort: pickerSortOf(CONTRACTS.businesses!),
      filter: { accountId, q: "" },
    });
    expect(data.length).toBeGreaterThan(0);
    const names = data.map((business) => String(business.name));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

/** Each route a contract's access names: its method and its path after /api/{resource}. */
const ROUTE_OPERATIONS = {
  list: ["get", ""],
  get: ["get", "/{id}"],
  export: ["get", "/export.csv"],
  create: ["post", ""],
  update: ["put", "/{id}"],
  delete: ["delete", "/{id}"],
} as const;

/** The served OpenAPI document's paths, each operation with who may call it (x-access). */
const guardedDocument = async () =>
  (await testApp.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).json<{
    paths: Record<string, Record<string, { "x-access"?: string }>>;
  }>();

/** Whether a role passes a route's x-access ("signed-in SuperAdmin, Admin", "any signed-in user"). */
const passes = (access: string, role: Role) =>
  access === "any signed-in user" || (access.startsWith("signed-in ") && access.slice(10).split(", ").includes(role));

/**
 * Who may do what, as the console offers it (authProvider.canAccess without a record: the page or
 * button is there) and as the service lets it through (each route's declared access, shown in the
 * document's x-access). A change on one side only fails here.
 */
describe("the console and the service agree on who may", () => {
  /** The console's actions named as the contract's routes; edit and show are asked with a record (below). */
  const ACTIONS = ["list", "create", "delete", "export"] as const;
  /** Where they differ on purpose. */
  const DIFFERENCES: Record<string, string> = {
    // Everyone's pickers read an account's businesses; the list page itself is nobody's (spec §2).
    "businesses.list": "the service lets every signed-in user list",
    // Everyone restores their own deleted tests; only super admins get the export button.
    "deleted-tests.export": "the service lets every signed-in user export",
  };

  it("on every declared resource's list, create, delete and export", async () => {
    const document = await guardedDocument();
    const found: Record<string, string> = {};
    for (const contract of contracts) {
      for (const action of ACTIONS) {
        const [method, suffix] = ROUTE_OPERATIONS[action];
        const access = document.paths[`/api/${contract.name}${suffix}`]?.[method]?.["x-access"];
        if (access === undefined) continue; // no such route: nothing to offer
        for (const role of ROLES) {
          const offered = canAccess({ id: "u", role, accountId: "a" }, { resource: contract.name, action });
          if (offered !== passes(access, role)) found[`${contract.name}.${action}`] = `service: ${access}`;
        }
      }
    }
    expect(Object.keys(found).sort()).toEqual(Object.keys(DIFFERENCES).sort());
  });
});

/**
 * Who may call a resource's routes is written once, in its contract (access): the service guards
 * each route with it. Every declared route is there, guarded for exactly the declared roles, and
 * every route of a resource's own paths is declared (a new one cannot go unguarded by the contract).
 */
describe("the contract's access", () => {
  const allows = (declared: RouteAccess, role: Role) => declared === "signedIn" || declared.includes(role);
  /** Guests' flows on a resource's path, with the link's code instead of a sign-in (docs/api.md "Public flows"). */
  const GUEST_ROUTES = new Set(["post /api/devices/{id}/unsubscribe"]);

  it("guards each route of each resource for the roles its contract names, and only those routes", async () => {
    const document = await guardedDocument();
    const declared = new Map<string, RouteAccess>();
    for (const contract of contracts) {
      for (const [route, [method, suffix]] of Object.entries(ROUTE_OPERATIONS)) {
        const access = contract.access[route as keyof typeof ROUTE_OPERATIONS];
        if (access !== undefined) declared.set(`${method} /api/${contract.name}${suffix}`, access);
      }
      for (const [action, access] of Object.entries(contract.access.actions ?? {})) {
        declared.set(`post /api/${contract.name}/{id}/${action}`, access);
      }
    }
    const mismatched: string[] = [];
    for (const [operation, access] of declared) {
      const [method, path] = operation.split(" ") as [string, string];
      const guarded = document.paths[path]?.[method]?.["x-access"];
      if (guarded === undefined) mismatched.push(`${operation}: declared, not served`);
      else if (ROLES.some((role) => passes(guarded, role) !== allows(access, role))) {
        mismatched.push(`${operation}: service ${guarded}, contract ${String(access)}`);
      }
    }
    // A resource's routes (its list, export, records, their actions) the contract does not declare;
    // a record's sub-resources it reads (an account's storage, a build's file) are the record's own.
    const names = contracts.map((contract) => contract.name).join("|");
    const routePath = new RegExp(`^/api/(${names})(/export\\.csv|/\\{id\\})?$`);
    const actionPath = new RegExp(`^/api/(${names})/\\{id\\}/[a-z-]+$`);
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        const operation = `${method} ${path}`;
        const isRoute = routePath.test(path) || (method === "post" && actionPath.test(path));
        if (isRoute && !declared.has(operation) && !GUEST_ROUTES.has(operation)) {
          mismatched.push(`${operation}: served, not declared`);
        }
      }
    }
    expect(mismatched).toEqual([]);
  });
});

describe("every list of the OpenAPI document", () => {
  it('answers sort=["id","DESC"] and sort=["id","ASC"] with 200', async () => {
    const document = (
      await testApp.app.inject({ method: "GET", url: "/api/docs/openapi.json" })
    ).json<OpenAPIV3.Document>();
    const { accessToken } = await signIn(testApp.app, "superadmin@example.com");
    const lists = Object.entries(document.paths).filter(([path, item]) => {
      const parameters = (item?.get?.parameters ?? []) as OpenAPIV3.ParameterObject[];
      return !path.includes("{") && parameters.some((parameter) => parameter.name === "sort");
    });
    expect(lists.length).toBeGreaterThanOrEqual(contracts.length);
    for (const [path] of lists) {
      for (const order of ["DESC", "ASC"]) {
        const answer = await testApp.app.inject({
          method: "GET",
          url: `${path}?sort=${encodeURIComponent(JSON.stringify(["id", order]))}`,
          headers: { authorization: `Bearer ${accessToken}` },
        });
        expect(answer.statusCode, `${path} ${order}: ${answer.body.slice(0, 200)}`).toBe(200);
      }
    }
  });
});

/** Keeps the declared filter keys and the service's accepted ones in step (the helper's own rule). */
describe("filterKeysOf", () => {
  it("names the range filters by their two keys", () => {
    const contract: AnyResourceContract = {
      name: "x",
      fields: {},
      label: "x",
      description: "x",
      sorts: [],
      defaultSort: ["id", "ASC"],
      filters: { createdAt: "range", status: "exact" },
      search: true,
      representation: "id",
      access: { list: "signedIn" },
    };
    expect(filterKeysOf(contract)).toEqual(["q", "id", "createdAt_gte", "createdAt_lte", "status"]);
  });
});

/**
 * Record by record, as each role: what the console offers (canAccess with the record: the Edit
 * and Delete buttons are there) is what the service lets through, through the console's own
 * update and delete. A refused write changes nothing.
 */
describe("writes as each role, record by record", () => {
  const ROLE_EMAILS: Record<Role, string> = {
    SuperAdmin: "superadmin@example.com",
    Admin: "admin@example.com",
    Manager: "manager@example.com",
    User: "user@example.com",
  };
  const signedIn = new Map<Role, Awaited<ReturnType<typeof consoleAs>>>();
  const as = async (role: Role) => {
    if (!signedIn.has(role)) signedIn.set(role, await consoleAs(testApp.app, ROLE_EMAILS[role]));
    return signedIn.get(role)!;
  };
  /** Records the role may see first (its own account's), then others' from the super admin's list. */
  const samplesFor = async (resource: string, role: Role): Promise<RaRecord[]> => {
    const dataProvider = await as(role);
    const own = await dataProvider
      .getList(resource, { ...firstPage, pagination: { page: 1, perPage: 3 }, filter: {} })
      .then(({ data }) => data)
      .catch(() => [] as RaRecord[]);
    const all = await superAdmin.getList(resource, { ...firstPage, pagination: { page: 1, perPage: 50 }, filter: {} });
    const others = all.data.filter((record) => record.accountId !== dataProvider.user.accountId).slice(0, 2);
    const self = resource === "users" ? [(await superAdmin.getOne("users", { id: dataProvider.user.id })).data] : [];
    return [...self, ...own, ...others];
  };
  const refused = (error: { status?: number }) => error.status === 403 || error.status === 404;
  const WRITABLE = contracts.filter((contract) => contract.editable).map((contract) => contract.name);

  it("every update route takes the fields its contract's edit form sends, and nothing names one it does not", async () => {
    const document = (
      await testApp.app.inject({ method: "GET", url: "/api/docs/openapi.json" })
    ).json<OpenAPIV3.Document>();
    const found: Record<string, string[]> = {};
    for (const contract of contracts) {
      const put = document.paths[`/api/${contract.name}/{id}`]?.put;
      const body = (put?.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content["application/json"]?.schema;
      const taken = Object.keys((body as OpenAPIV3.SchemaObject | undefined)?.properties ?? {});
      if (put && contract.name !== "firmware")
        found[contract.name] = editedFieldsOf(contract).filter((field) => !taken.includes(field));
      else if (contract.editable) found[contract.name] = ["(no update route)"];
    }
    expect(Object.fromEntries(Object.entries(found).filter(([, missing]) => missing.length > 0))).toEqual({});
    expect(WRITABLE.sort()).toEqual(["accounts", "businesses", "devices", "discounts", "users"]);
  });

  it.each(WRITABLE.flatMap((resource) => ROLES.map((role) => [resource, role] as const)))(
    "%s as %s: update is let through exactly where the console offers Edit",
    async (resource, role) => {
      const dataProvider = await as(role);
      const actor = { id: dataProvider.user.id, role, accountId: dataProvider.user.accountId };
      const mismatches: string[] = [];
      for (const record of await samplesFor(resource, role)) {
        const offered = canAccess(actor, { resource, action: "edit", record });
        const { data: current } = await superAdmin.getOne(resource, { id: record.id });
        // What the record's edit form saves (src/resources/*/…Show.tsx): the contract's fields, or
        // for users those the actor may edit; where no form is offered, every field is tried.
        const fields =
          resource === "users" && offered
            ? ["version", ...userFieldsEditableBy(actor, current as User)]
            : editedFieldsOf(CONTRACTS[resource]!);
        const outcome = await dataProvider
          .update(resource, { id: current.id, data: onlyFields(fields)(current), previousData: current })
          .then(() => "saved")
          .catch((error: { status?: number; message?: string }) =>
            refused(error) ? "refused" : `${String(error.status)} ${String(error.message)}`,
          );
        if (outcome !== (offered ? "saved" : "refused"))
          mismatches.push(`${String(record.id)}: console ${offered ? "offers" : "hides"}, service ${outcome}`);
      }
      expect(mismatches).toEqual([]);
    },
  );

  it.each(
    WRITABLE.flatMap((resource) =>
      ROLES.filter((role) => role !== "SuperAdmin").map((role) => [resource, role] as const),
    ),
  )(
    "%s as %s: delete where the console offers no Delete is refused, and nothing is deleted",
    async (resource, role) => {
      const dataProvider = await as(role);
      const actor = { id: dataProvider.user.id, role, accountId: dataProvider.user.accountId };
      for (const record of await samplesFor(resource, role)) {
        if (canAccess(actor, { resource, action: "delete", record })) continue;
        await expect(dataProvider.delete(resource, { id: record.id, previousData: record })).rejects.toSatisfy(refused);
        await expect(superAdmin.getOne(resource, { id: record.id })).resolves.toBeDefined();
      }
    },
  );
});
