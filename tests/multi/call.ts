/**
 * One API call to an instance (`base` is its `/api` URL), as a JSON client makes it: the bearer
 * when given, JSON bodies typed as such; the status and the parsed answer.
 */
export async function call<T>(base: string, path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  if (typeof init.body === "string") headers.set("content-type", "application/json");
  const response = await fetch(`${base}${path}`, { ...init, headers });
  const text = await response.text();
  return { status: response.status, body: (text === "" ? undefined : JSON.parse(text)) as T, response };
}
