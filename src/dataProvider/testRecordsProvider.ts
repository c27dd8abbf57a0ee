/**
 * react-admin's standard methods for the test records of spec §7, on their versioned paths:
 *
 * - getOne("tests", { id, meta: { publicView } }) → GET v3/tests/{id}, or GET v3/tests/public/{id}
 *   without the session (the public view, spec §2)
 * - update("tests", { id, data, previousData }) → PUT v2/tests/{id} with the six editable fields,
 *   and `If-Match` when previousData holds the validator (`etag`) its getOne was answered with
 * - delete("tests", { id }) → DELETE tests/{id}
 * - create("bulk-downloads", { data: { testIds } }) → POST bulk-downloads
 * - getOne("bulk-downloads", { id }) → GET bulk-downloads/{id}, anonymous (the id is the credential)
 *
 * Every other resource and method falls through to the provider it wraps (ra-data-simple-rest),
 * unchanged: the gallery's getList("tests") among them.
 */
import type {
  CreateParams,
  CreateResult,
  DataProvider,
  DeleteParams,
  DeleteResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  UpdateParams,
  UpdateResult,
} from "react-admin";
import type { ApiTest, BulkDownload, HeldTest, TestUpdate } from "../api/tests";
import type { HttpClient, RequestOptions } from "./httpClient";

export const TESTS_RESOURCE = "tests";
export const BULK_DOWNLOADS_RESOURCE = "bulk-downloads";

/** getOne("tests")'s meta: the public view reads the shared test without the session. */
export type TestGetOneMeta = {
  publicView?: boolean;
};

/** The meta of a test's getOne, and of its update, so both name the same cached record. */
export const testRecordMeta = (publicView: boolean): TestGetOneMeta => ({ publicView });

/** What create("bulk-downloads") takes. */
export interface BulkDownloadCreate {
  testIds: readonly string[];
}

/** The body of PUT v2/tests/{id} (spec §7), in this order. */
export const TEST_UPDATE_FIELDS = ["name", "sku", "customer", "vendorName", "description", "notes"] as const;

/**
 * The six fields PUT v2/tests/{id} replaces, taken from `data` and nothing else. The PUT replaces
 * them all, so `data` should carry all six; an empty one (react-admin inputs give null for an
 * emptied field) is sent as "".
 */
export function testUpdateBody(data: Partial<Record<keyof TestUpdate, unknown>>): TestUpdate {
  const body = {} as TestUpdate;
  for (const field of TEST_UPDATE_FIELDS) {
    const value = data[field];
    body[field] = value == null ? "" : String(value);
  }
  return body;
}

const segment = (id: RaRecord["id"]) => encodeURIComponent(String(id));
const isRecordBody = (body: unknown): body is Record<string, unknown> =>
  typeof body === "object" && body !== null && !Array.isArray(body);

// react-admin types each method's record generically; these resources' records are known
// (ApiTest, BulkDownload), so the results are cast once, here, at the boundary.
const asRecord = <RecordType>(record: unknown) => record as RecordType;

/** A JSON answer and its `ETag`, when the service sends one (the test's validator). */
async function jsonWithTag(
  httpClient: HttpClient,
  path: string,
  options: RequestOptions,
): Promise<{ body: unknown; etag: string | null }> {
  const headers = new Headers(options.headers);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  const response = await httpClient.send(path, { ...options, headers });
  const text = await response.text();
  return { body: text ? (JSON.parse(text) as unknown) : undefined, etag: response.headers.get("ETag") };
}

/** The test with its validator beside it, or without one when the service gave none. */
const held = (test: Record<string, unknown>, etag: string | null): Record<string, unknown> => {
  const { etag: _previous, ...rest } = test;
  return etag === null ? rest : { ...rest, etag };
};

/** `rest` with the test records' resources routed to their spec §7 paths over `httpClient`. */
export function withTestRecords<Provider extends DataProvider>(rest: Provider, httpClient: HttpClient): Provider {
  const getOne = async <RecordType extends RaRecord = RaRecord>(
    resource: string,
    params: GetOneParams<RecordType>,
  ): Promise<GetOneResult<RecordType>> => {
    if (resource === TESTS_RESOURCE) {
      const publicView = (params.meta as TestGetOneMeta | undefined)?.publicView === true;
      const path = publicView ? `v3/tests/public/${segment(params.id)}` : `v3/tests/${segment(params.id)}`;
      if (publicView) {
        const test = await httpClient.json<ApiTest>(path, { signal: params.signal, anonymous: true });
        return { data: asRecord<RecordType>(test) };
      }
      const { body, etag } = await jsonWithTag(httpClient, path, { signal: params.signal });
      return { data: asRecord<RecordType>(held(body as HeldTest, etag)) };
    }
    if (resource === BULK_DOWNLOADS_RESOURCE) {
      const download = await httpClient.json<BulkDownload>(`bulk-downloads/${segment(params.id)}`, {
        signal: params.signal,
        anonymous: true,
      });
      return { data: asRecord<RecordType>(download) };
    }
    return rest.getOne<RecordType>(resource, params);
  };

  const update = async <RecordType extends RaRecord = RaRecord>(
    resource: string,
    params: UpdateParams<RecordType>,
  ): Promise<UpdateResult<RecordType>> => {
    if (resource !== TESTS_RESOURCE) return rest.update<RecordType>(resource, params);
    const sent = testUpdateBody(params.data as Partial<Record<keyof TestUpdate, unknown>>);
    // The version the edit started from: saved only if the test still is it (412 otherwise).
    const validator = (params.previousData as Partial<HeldTest> | undefined)?.etag;
    const { body: answer, etag } = await jsonWithTag(httpClient, `v2/tests/${segment(params.id)}`, {
      method: "PUT",
      json: sent,
      ...(typeof validator === "string" && validator !== "" ? { headers: { "If-Match": validator } } : {}),
    });
    // Spec §7 does not say what the service answers: a record is taken as the test's new state;
    // without one, the test is what it was with the sent fields. The validator is the answer's,
    // or none (the one the edit was sent with is no longer the test's).
    const answered = isRecordBody(answer) ? answer : {};
    const saved = { ...params.previousData, ...sent, ...answered, id: params.id };
    return { data: asRecord<RecordType>(held(saved, etag)) };
  };

  const remove = async <RecordType extends RaRecord = RaRecord>(
    resource: string,
    params: DeleteParams<RecordType>,
  ): Promise<DeleteResult<RecordType>> => {
    if (resource !== TESTS_RESOURCE) return rest.delete<RecordType>(resource, params);
    await httpClient.call(`tests/${segment(params.id)}`, { method: "DELETE" });
    return { data: asRecord<RecordType>(params.previousData ?? { id: params.id }) };
  };

  const create = async <
    RecordType extends Omit<RaRecord, "id"> = Omit<RaRecord, "id">,
    ResultRecordType extends RaRecord = RecordType & { id: Identifier },
  >(
    resource: string,
    params: CreateParams,
  ): Promise<CreateResult<ResultRecordType>> => {
    if (resource !== BULK_DOWNLOADS_RESOURCE) return rest.create<RecordType, ResultRecordType>(resource, params);
    const { testIds } = params.data as unknown as BulkDownloadCreate;
    const download = await httpClient.json<BulkDownload>("bulk-downloads", { method: "POST", json: { testIds } });
    return { data: asRecord<ResultRecordType>(download) };
  };

  return { ...rest, getOne, update, delete: remove, create };
}
