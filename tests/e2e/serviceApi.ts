import { randomUUID } from "node:crypto";

/**
 * The service's API called straight from a journey, for what the journey prepares rather than
 * shows (a fresh account, a token): GET without a body, POST with one; anything but 2xx throws.
 */
export function serviceApi(baseUrl: string) {
  return async function api<T>(path: string, token: string | null, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}/api/${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
}

/**
 * A person of the journey's own, invited by `inviter` (into their own account, or `accountId` for
 * a super admin, at `businessId` when given) and signed up through the API, then signed out again:
 * journeys share one service, so a journey that changes a person (their name, password, role,
 * business) works on one nobody else looks at rather than on a demo user another journey expects
 * unchanged.
 */
export async function invitedPerson(
  baseUrl: string,
  person: {
    inviter: { email: string; password: string };
    firstName: string;
    lastName: string;
    role: string;
    accountId?: string;
    businessId?: string | null;
  },
): Promise<{ id: string; email: string; password: string; accountId: string; businessId: string | null }> {
  const api = serviceApi(baseUrl);
  const token = await accessTokenOf(baseUrl, person.inviter);
  const email = `${person.firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const invitation = await api<{ code: string }>("invitations", token, {
    email,
    firstName: person.firstName,
    lastName: person.lastName,
    role: person.role,
    ...(person.accountId ? { accountId: person.accountId } : {}),
    ...(person.businessId !== undefined ? { businessId: person.businessId } : {}),
  });
  const password = "journey-passphrase-1";
  const accepted = await api<{
    refreshToken: string;
    user: { id: string; accountId: string; businessId: string | null };
  }>(`invitations/${invitation.code}/accept`, null, {
    firstName: person.firstName,
    lastName: person.lastName,
    password,
  });
  // Accepting signs the person in; that sign-in ends here, so the journey starts with none.
  await api("v2/auth/logout", null, { refreshToken: accepted.refreshToken });
  const { id, accountId, businessId } = accepted.user;
  return { id, email, password, accountId, businessId };
}

/** A signed-in session's access token, through the API (for what a journey prepares as someone). */
export async function accessTokenOf(baseUrl: string, who: { email: string; password: string }): Promise<string> {
  const { accessToken } = await serviceApi(baseUrl)<{ accessToken: string }>("v2/auth/login", null, who);
  return accessToken;
}

/**
 * A device of the journey's own (POST /api/devices, super admins only), in `accountId` at
 * `businessId`: a journey that changes a device works on one no other journey reads.
 */
export async function ownDevice(
  baseUrl: string,
  device: {
    superAdmin: { email: string; password: string };
    accountId: string;
    businessId: string | null;
    customBoxName: string;
    typeCode?: number;
  },
): Promise<{ id: string; serialNumber: string; accountId: string; businessId: string | null }> {
  const token = await accessTokenOf(baseUrl, device.superAdmin);
  const serialNumber = `JRN-${randomUUID().slice(0, 12).toUpperCase()}`;
  return serviceApi(baseUrl)<{ id: string; serialNumber: string; accountId: string; businessId: string | null }>(
    "devices",
    token,
    {
      serialNumber,
      typeCode: device.typeCode ?? 5001,
      accountId: device.accountId,
      businessId: device.businessId,
      customBoxName: device.customBoxName,
    },
  );
}
