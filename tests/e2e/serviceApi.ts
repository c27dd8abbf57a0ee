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
    return (await response.json()) as T;
  };
}
