import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tokenExpiringIn } from "./helpers/jwt";
import { signedInDataProvider, TEST_API_BASE, TEST_NOW } from "./helpers/signedInDataProvider";
import { OWN_ACCOUNT } from "../../src/dataProvider/resourceRoutes";

const BASE = TEST_API_BASE;
const NOW = TEST_NOW;
const TOKEN = tokenExpiringIn(3600, NOW, { v: 1 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const setup = () => signedInDataProvider(TOKEN, "SuperAdmin").dataProvider;

describe("resource calls (docs/api-resources.md)", () => {
  it("downloads the server export with the list's filter and sort, bearer included", async () => {
    let seen: URL | undefined;
    let auth: string | null = null;
    server.use(
      http.get(`${BASE}/accounts/export.csv`, ({ request }) => {
        seen = new URL(request.url);
        auth = request.headers.get("authorization");
        return new HttpResponse("id,name\n1,Gem\n", {
          headers: {
            "Content-Type": "text/csv",
            "Content-Disposition": 'attachment; filename="accounts-2026-01-02.csv"',
          },
        });
      }),
    );
    const result = await setup().exportCsv("accounts", {
      filter: { status: "active", q: "" },
      sort: { field: "name", order: "ASC" },
    });
    expect(JSON.parse(seen!.searchParams.get("filter")!)).toEqual({ status: "active" });
    expect(JSON.parse(seen!.searchParams.get("sort")!)).toEqual(["name", "ASC"]);
    expect(auth).toBe(`Bearer ${TOKEN}`);
    expect(result.fileName).toBe("accounts-2026-01-02.csv");
    expect(await result.blob.text()).toContain("Gem");
  });

  it("keeps saved queries on the service through react-admin's getList, create and delete", async () => {
    const calls: string[] = [];
    const query = {
      id: "q1",
      createdAt: "2026-01-01T00:00:00Z",
      resource: "accounts",
      label: "UK",
      value: { filter: { country: "GB" }, sort: { field: "name", order: "ASC" }, perPage: 25 },
    };
    server.use(
      http.get(`${BASE}/saved-queries`, ({ request }) => {
        calls.push(`GET ${new URL(request.url).search}`);
        return HttpResponse.json([query]);
      }),
      http.post(`${BASE}/saved-queries`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        calls.push(`POST ${String(body.label)}`);
        return HttpResponse.json({ id: "q2", createdAt: "2026-01-01T00:00:00Z", ...body }, { status: 201 });
      }),
      http.delete(`${BASE}/saved-queries/:id`, ({ params }) => {
        calls.push(`DELETE ${String(params.id)}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const dataProvider = setup();
    const list = await dataProvider.getList("saved-queries", {
      filter: { resource: "accounts" },
      pagination: { page: 1, perPage: 50 },
      sort: { field: "createdAt", order: "ASC" },
    });
    expect(list).toEqual({ data: [query], total: 1 });
    const created = await dataProvider.create("saved-queries", {
      data: { resource: "accounts", label: "FR", value: { ...query.value, filter: { country: "FR" } } },
    });
    expect(created.data).toMatchObject({ id: "q2", label: "FR" });
    // The service answers 204: the deleted record is the one the caller had.
    expect(await dataProvider.delete("saved-queries", { id: "q1", previousData: query })).toEqual({ data: query });
    expect(calls).toEqual(["GET ?resource=accounts", "POST FR", "DELETE q1"]);
  });

  it("keeps bookmarks on the service", async () => {
    server.use(
      http.put(`${BASE}/bookmarks`, async ({ request }) => {
        const body = (await request.json()) as { items: { resource: string; recordId: string }[] };
        return HttpResponse.json({ items: body.items.map((item) => ({ ...item, label: "x", createdAt: "now" })) });
      }),
    );
    const bookmarks = await setup().setBookmarks({ items: [{ resource: "accounts", recordId: "a1" }] });
    expect(bookmarks.items[0].recordId).toBe("a1");
  });

  it("reads an invitation with getOne, without the bearer, its code as id; creates one with create", async () => {
    const seen: { path: string; auth: string | null; body?: unknown }[] = [];
    const invitation = {
      email: "new@example.com",
      role: "Manager",
      accountName: "Gems",
      expiresAt: "2030-01-01T00:00:00Z",
    };
    server.use(
      http.get(`${BASE}/invitations/:code`, ({ params, request }) => {
        seen.push({ path: `invitations/${String(params.code)}`, auth: request.headers.get("authorization") });
        return params.code === "a b"
          ? HttpResponse.json(invitation)
          : HttpResponse.json({ message: "This invitation is not valid any more." }, { status: 404 });
      }),
      http.post(`${BASE}/invitations`, async ({ request }) => {
        const body = await request.json();
        seen.push({ path: "invitations", auth: request.headers.get("authorization"), body });
        return HttpResponse.json({ id: "inv-1", code: "c0de", ...(body as object) }, { status: 201 });
      }),
    );
    const dataProvider = setup();
    expect(await dataProvider.getOne("invitations", { id: "a b" })).toEqual({ data: { ...invitation, id: "a b" } });
    await expect(dataProvider.getOne("invitations", { id: "used" })).rejects.toMatchObject({
      status: 404,
      message: "This invitation is not valid any more.",
    });
    const sent = await dataProvider.create("invitations", {
      data: { email: "a@b.c", firstName: "A", lastName: "B", role: "User" },
    });
    expect(sent.data).toMatchObject({ id: "inv-1", code: "c0de" });
    expect(seen).toEqual([
      { path: "invitations/a b", auth: null },
      { path: "invitations/used", auth: null },
      {
        path: "invitations",
        auth: `Bearer ${TOKEN}`,
        body: { email: "a@b.c", firstName: "A", lastName: "B", role: "User" },
      },
    ]);
  });

  it("posts each action with the record's version", async () => {
    const bodies: Record<string, unknown> = {};
    server.use(
      http.post(`${BASE}/*`, async ({ request }) => {
        bodies[new URL(request.url).pathname.replace("/api/", "")] = await request.json();
        return HttpResponse.json({ id: "x", version: 2 });
      }),
    );
    const dataProvider = setup();
    await dataProvider.changeUserRole("u2", "Manager", 3);
    await dataProvider.disableUser("u2", 4);
    await dataProvider.enableUser("u2", 5);
    await dataProvider.markDeviceLost("d1", 1);
    await dataProvider.renameDevice("d1", "Front desk", 2);
    await dataProvider.cancelSubscription("s1", 7);
    await dataProvider.resumeSubscription("s1", 8);
    await dataProvider.refundPayment("p1", { version: 1, reason: "Duplicate" });
    expect(bodies).toEqual({
      "users/u2/role": { role: "Manager", version: 3 },
      "users/u2/disable": { version: 4 },
      "users/u2/enable": { version: 5 },
      "devices/d1/mark-lost": { version: 1 },
      "devices/d1/custom-name": { customBoxName: "Front desk", version: 2 },
      "subscriptions/s1/cancel": { version: 7 },
      "subscriptions/s1/resume": { version: 8 },
      "payments/p1/refund": { version: 1, reason: "Duplicate" },
    });
  });

  it("asks for a new invitation link with no body, and answers the new invitation", async () => {
    const seen: { path: string; body: string; auth: string | null }[] = [];
    const invitation = { id: "inv-2", code: "n3w", email: "nora@example.com", userId: "u 9" };
    server.use(
      http.post(`${BASE}/users/:id/invitation`, async ({ params, request }) => {
        seen.push({
          path: `users/${String(params.id)}/invitation`,
          body: await request.text(),
          auth: request.headers.get("authorization"),
        });
        return HttpResponse.json(invitation, { status: 201 });
      }),
    );
    expect(await setup().reissueInvitation("u 9")).toEqual(invitation);
    expect(seen).toEqual([{ path: "users/u 9/invitation", body: "", auth: `Bearer ${TOKEN}` }]);
  });

  it("surfaces a 409 with the service's message", async () => {
    server.use(
      http.post(`${BASE}/devices/d1/mark-lost`, () =>
        HttpResponse.json({ message: "This device was changed by someone else." }, { status: 409 }),
      ),
    );
    await expect(setup().markDeviceLost("d1", 1)).rejects.toMatchObject({
      status: 409,
      message: "This device was changed by someone else.",
    });
  });

  it("updates the owner's own account with PUT account, sending its version, name and owner only", async () => {
    let sent: unknown;
    server.use(
      http.put(`${BASE}/account`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: "acc-1", status: "active", ...(sent as object) });
      }),
    );
    const dataProvider = setup();
    const record = { id: "acc-1", version: 1, name: "Old", ownerId: "u1", status: "active" };
    const { data } = await dataProvider.update(OWN_ACCOUNT, {
      id: "acc-1",
      data: { ...record, name: "New", ownerId: "u2", status: "suspended" },
      previousData: record,
    });
    expect(sent).toEqual({ version: 1, name: "New", ownerId: "u2" });
    expect(data).toMatchObject({ name: "New", ownerId: "u2", status: "active" });
  });
});
