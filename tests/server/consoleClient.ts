/**
 * The console's own dataProvider and HTTP client, answered by the service in process: what the
 * contract suites drive, so that what the console sends is what the service accepts.
 */
import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { createMemoryStorage, createSessionStore } from "../../src/authProvider/session";
import { STORAGE_KEYS } from "../../src/config";
import { declaredFirstCall } from "../../src/access/declaredFirstData";
import { createDataProvider, type ConsoleDataProvider } from "../../src/dataProvider";
import { createHttpClient } from "../../src/dataProvider/httpClient";
import type { ApiUser } from "../../src/api/types";
import { signIn } from "./helpers";

const ORIGIN = "http://console.test";

/** The global fetch, answered by the app in process (app.inject): the console's client as it is. */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body =
      request.method === "GET" || request.method === "HEAD" ? undefined : Buffer.from(await request.arrayBuffer());
    // A stream (live changes) is handed on as it comes; every other answer once complete.
    const streamed = request.headers.get("accept") === "text/event-stream";
    const answer = await app.inject({
      method: request.method as "GET",
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(body?.length ? { payload: body } : {}),
      ...(streamed ? { payloadAsStream: true, signal: request.signal } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, String(value));
    }
    if (streamed && answer.statusCode === 200) {
      return new Response(Readable.toWeb(answer.stream()) as ReadableStream<Uint8Array>, { headers });
    }
    const payload = answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload);
    return new Response(payload, { status: answer.statusCode, headers });
  };
}

/**
 * Just enough of XMLHttpRequest for the console's uploads (they use it for upload progress),
 * sending through `fetch` (injectFetch): the multipart body is the one the browser would build.
 */
export function injectXhr(fetchImpl: typeof fetch): typeof XMLHttpRequest {
  class InjectedXhr {
    status = 0;
    responseText = "";
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    private method = "GET";
    private url = "";
    private readonly headers = new Headers();
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    abort() {
      this.onabort?.();
    }
    send(body: BodyInit | null) {
      void fetchImpl(this.url, { method: this.method, headers: this.headers, body }).then(
        async (answer) => {
          this.status = answer.status;
          this.responseText = await answer.text();
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
  }
  return InjectedXhr as unknown as typeof XMLHttpRequest;
}

/** The console's dataProvider, signed in as the demo user with that email. */
export async function consoleAs(app: FastifyInstance, email: string): Promise<ConsoleDataProvider & { user: ApiUser }> {
  const { accessToken, refreshToken, user } = await signIn(app, email);
  return { ...guestConsole(app, { ...user, token: accessToken, refreshToken }), user };
}

/** The console's dataProvider with no one signed in (or with the stored session given). */
export function guestConsole(
  app: FastifyInstance,
  session?: ApiUser & { token: string; refreshToken: string },
): ConsoleDataProvider {
  const storage = createMemoryStorage(
    session ? { [STORAGE_KEYS.userInfo]: JSON.stringify({ ...session, isLoggedIn: true }) } : {},
  );
  const sessionStore = createSessionStore(storage);
  const httpClient = createHttpClient({
    baseUrl: `${ORIGIN}/api`,
    fetch: injectFetch(app),
    session: sessionStore,
    onSessionEnded: () => {
      throw new Error("the session ended");
    },
  });
  return createDataProvider(httpClient, {
    declaredFirstCall: (path) => declaredFirstCall(path, sessionStore.getUser()),
  });
}
