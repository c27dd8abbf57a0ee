/**
 * Where the service's paths differ from ra-data-simple-rest's mapping (docs/api-resources.md), the
 * standard CRUD methods are routed here, so screens use react-admin's own hooks for them:
 *
 * - saved queries: `getList("saved-queries", { filter: { resource } })` is
 *   GET saved-queries?resource=… (an unpaged array, no Content-Range); `delete` answers 204, so the
 *   deleted record is the one the caller had. `create` is simple-rest's POST saved-queries.
 * - invitations: `getOne("invitations", { id: code })` is the public GET invitations/{code}: sent
 *   without a bearer (the code is the credential), and the answer, which has no id, gets the code
 *   as its id. `create("invitations")` is simple-rest's POST invitations.
 * - the owner's own account, the resource `account` (OWN_ACCOUNT): read as any account is
 *   (GET accounts/{id}); `update` is PUT account with its version, name and owner (what the
 *   account owner may change), not PUT accounts/{id}.
 *
 * - the gallery (`getList("tests")`): its From and To days are asked as instants of the browser's
 *   zone (galleryDays.ts).
 *
 * Every other call goes to simple-rest unchanged.
 */
import type {
  DataProvider,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetOneParams,
  GetOneResult,
  RaRecord,
  UpdateParams,
  UpdateResult,
} from "react-admin";
import type { InvitationPublic, OwnAccountUpdate, SavedQuery } from "../api/resources";
import type { HttpClient } from "./httpClient";
import { listParamsAsked } from "./galleryDays";

export const SAVED_QUERIES = "saved-queries";
export const INVITATIONS = "invitations";
/** The account owner's own account, as its owner edits it (name and owner). */
export const OWN_ACCOUNT = "account";

/** The public invitation as react-admin holds it: the code is its id. */
export type InvitationRecord = InvitationPublic & { id: string };

const segment = encodeURIComponent;

/**
 * A list the service did not count to the end (the activity feed past 1,000 entries) answers
 * Content-Range "…/*", which simple-rest reads as NaN: react-admin's partial pagination instead,
 * with a next page (the service answers "*" only when there is one).
 */
export function partialWhenUncounted<R extends RaRecord>(
  result: GetListResult<R>,
  params: GetListParams,
): GetListResult<R> {
  if (result.total === undefined || Number.isFinite(result.total)) return result;
  return { data: result.data, pageInfo: { hasNextPage: true, hasPreviousPage: (params.pagination?.page ?? 1) > 1 } };
}

export function withResourceRoutes(rest: DataProvider, httpClient: HttpClient): DataProvider {
  async function getList<R extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<R>> {
    if (resource !== SAVED_QUERIES)
      return partialWhenUncounted(await rest.getList<R>(resource, listParamsAsked(resource, params)), params);
    const of = (params.filter as { resource?: unknown } | undefined)?.resource;
    const rows = await httpClient.json<SavedQuery[]>(`${SAVED_QUERIES}?resource=${segment(String(of ?? ""))}`, {
      signal: params.signal,
    });
    const data = (rows ?? []) as unknown as R[];
    return { data, total: data.length };
  }

  async function getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>> {
    if (resource === OWN_ACCOUNT) return rest.getOne<R>("accounts", params);
    if (resource !== INVITATIONS) return rest.getOne<R>(resource, params);
    const code = String(params.id);
    const invitation = await httpClient.json<InvitationPublic>(`${INVITATIONS}/${segment(code)}`, {
      signal: params.signal,
      anonymous: true,
    });
    const record: InvitationRecord = { ...invitation, id: code };
    return { data: record as unknown as R };
  }

  async function deleteOne<R extends RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>> {
    if (resource !== SAVED_QUERIES) return rest.delete<R>(resource, params);
    await httpClient.call(`${SAVED_QUERIES}/${segment(String(params.id))}`, { method: "DELETE" });
    return { data: params.previousData ?? ({ id: params.id } as R) };
  }

  async function update<R extends RaRecord>(resource: string, params: UpdateParams<R>): Promise<UpdateResult<R>> {
    if (resource !== OWN_ACCOUNT) return rest.update<R>(resource, params);
    const { version, name, ownerId } = params.data as Partial<OwnAccountUpdate>;
    const data = await httpClient.json<R>("account", { method: "PUT", json: { version, name, ownerId } });
    return { data };
  }

  return { ...rest, getList, getOne, update, delete: deleteOne };
}
