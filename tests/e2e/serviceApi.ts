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
 * A person of the journey's own, invited by `inviter` and signed up through the API: journeys
 * share one service, so a journey that changes a person (their name, password, role) works on
 * one nobody else looks at rather than on a demo user another journey expects unchanged.
 */
export async function invitedPerson(
  baseUrl: string,
  person: {
    inviter: { email: string; password: string };
    firstName: string;
    lastName: string;
    role: string;
    accountId?: string;
  },
): Promise<{ email: string; password: string }> {
  const api = serviceApi(baseUrl);
  const { accessToken } = await api<{ accessToken: string }>("v2/auth/login", null, person.inviter);
  const email = `${person.firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const invitation = await api<{ code: string }>("invitations", accessToken, {
    email,
    firstName: person.firstName,
    lastName: person.lastName,
    role: person.role,
    ...(person.accountId ? { accountId: person.accountId } : {}),
  });
  const password = "journey-passphrase-1";
  const accepted = await api<{ refreshToken: string }>(`invitations/${invitation.code}/accept`, null, {
    firstName: person.firstName,
    lastName: person.lastName,
    password,
  });
  // Accepting signs the person in; that sign-in ends here, so the journey starts with none.
  await api("v2/auth/logout", null, { refreshToken: accepted.refreshToken });
  return { email, password };
}
