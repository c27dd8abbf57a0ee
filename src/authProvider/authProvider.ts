/**
 * react-admin's AuthProvider over the session store and the HTTP client (spec §4, §6).
 */
import { HttpError, type AuthProvider, type UserIdentity } from "react-admin";
import { REGISTER_CONFIRM_PATH } from "../api/register";
import type { InvitationAccept } from "../api/resources";
import { TOKEN_EXPIRED, type ApiUser, type LoginResponse } from "../api/types";
import { actorOf, canAccess, type AccessQuery } from "../access/accessRules";
import type { HttpClient } from "../dataProvider/httpClient";
import { fullName } from "./identity";
import type { SelectedItemsStore } from "./selectedItems";

export const LOGIN_PATH = "/login";

export interface AuthProviderDeps {
  /** The console's client, and through it its session and refresher. */
  httpClient: HttpClient;
  /** Logout clears the selected items (spec §4). */
  selectedItems: SelectedItemsStore;
}

export interface LoginParams {
  username?: string;
  email?: string;
  password: string;
}

const statusOf = (error: unknown): number | undefined =>
  typeof error === "object" && error !== null && typeof (error as { status?: unknown }).status === "number"
    ? (error as { status: number }).status
    : undefined;

const messageOf = (error: unknown): unknown =>
  error instanceof HttpError && typeof error.body === "object" && error.body !== null
    ? (error.body as { message?: unknown }).message
    : undefined;

/** react-admin's AuthProvider plus the console's other ways to start a session. */
export interface ConsoleAuthProvider extends AuthProvider {
  /** POST invitations/{code}/accept (public), then stores the session exactly as login does. */
  acceptInvitation(code: string, values: InvitationAccept): Promise<void>;
  /** POST register/confirm (public): creates the registered account and signs its owner in, as login does. */
  confirmRegistration(token: string): Promise<void>;
  /** Calls the listener when the session changes (sign-in, sign-out, the current user's record). */
  subscribe(listener: () => void): () => void;
  /** Whether a session is stored now, for the parts that render outside react-admin (/login). */
  isSignedIn(): boolean;
  /**
   * canAccess's answer now: it is the console's own rules, so the menu and the screen guard draw
   * in the layout's first render, not in a second one when the query's answer comes (useAccessibleScreens).
   */
  canAccessNow(query: AccessQuery): boolean;
}

export function createAuthProvider({ httpClient, selectedItems }: AuthProviderDeps): ConsoleAuthProvider {
  const { session, refresher } = httpClient;
  /** Stores a sign-in's answer as the session (spec §3), then the current user (§7). */
  const startSession = async (answer: LoginResponse) => {
    const { user } = answer;
    session.setUser({ isLoggedIn: true, token: answer.accessToken, refreshToken: answer.refreshToken });
    session.setCurrentUser(user);
    // §7: GET users/{id} is the current user. The login answer already carries one, so a failure
    // here does not fail the sign-in.
    try {
      const current = await httpClient.json<ApiUser>(`users/${encodeURIComponent(user.id)}`);
      if (current?.id === user.id) session.setCurrentUser(current);
    } catch {
      /* keep the login answer's user */
    }
  };
  const signedIn = () => {
    const user = session.getUser();
    return user.isLoggedIn && user.token !== "";
  };
  const canAccessNow = (query: AccessQuery) => canAccess(signedIn() ? actorOf(session.getUser()) : null, query);

  return {
    async login({ username, email, password }: LoginParams) {
      // The client's HttpError carries the service's message (401 wrong credentials, 429 rate
      // limit); react-admin's login form shows the thrown error's message as it is.
      const answer = await httpClient.json<LoginResponse>("v2/auth/login", {
        method: "POST",
        json: { email: (email ?? username ?? "").trim(), password },
        anonymous: true,
      });
      await startSession(answer);
    },

    async acceptInvitation(code: string, values: InvitationAccept) {
      // Answered like a sign-in (docs/api-resources.md "Invitations"): the new user is signed in.
      const answer = await httpClient.json<LoginResponse>(`invitations/${encodeURIComponent(code)}/accept`, {
        method: "POST",
        json: { firstName: values.firstName.trim(), lastName: values.lastName.trim(), password: values.password },
        anonymous: true,
      });
      await startSession(answer);
    },

    async confirmRegistration(token: string) {
      // Answered like a sign-in (docs/api.md "Public flows"): the new account's owner is signed in.
      const answer = await httpClient.json<LoginResponse>(REGISTER_CONFIRM_PATH, {
        method: "POST",
        json: { token },
        anonymous: true,
      });
      await startSession(answer);
    },

    // §4: refresh the token, post logout with the (new) refresh token, reset the user and the
    // selected items, go to /login. A failed refresh clears local storage and goes to /login.
    async logout() {
      if (session.getUser().refreshToken) {
        try {
          await refresher.refresh();
        } catch {
          session.clearStoredData({ keepLastDrawerOpenTime: false });
          selectedItems.clear();
          return LOGIN_PATH;
        }
        try {
          await httpClient.call("v2/auth/logout", {
            method: "POST",
            json: { refreshToken: session.getUser().refreshToken },
          });
        } catch {
          /* §7: errors ignored */
        }
      }
      // No refresh token: already signed out (or the client ended the session, keeping the last
      // drawer open time): only the in-memory pieces are left to reset.
      session.resetUser();
      selectedItems.clear();
      return LOGIN_PATH;
    },

    async checkAuth() {
      if (!signedIn()) {
        // §4: non-public pages redirect to /login, silently (message: false: no "please log in" toast).
        throw { redirectTo: LOGIN_PATH, message: false };
      }
    },

    // Called by react-admin with errors the client could not recover from. 499 and a 401 that left
    // the session ended (or still says token_expired) mean signed out; a 401 while the session is
    // fine is the service refusing one action (§8: "Insufficient permission to delete the test"),
    // like 403: the user stays.
    async checkError(error: unknown) {
      const status = statusOf(error);
      if (status === 499) throw { redirectTo: LOGIN_PATH };
      if (status === 401 && (!signedIn() || messageOf(error) === TOKEN_EXPIRED)) throw { redirectTo: LOGIN_PATH };
    },

    async getIdentity(): Promise<UserIdentity> {
      const user = session.getUser();
      if (!signedIn()) throw new Error("Not signed in");
      return {
        id: user.id,
        fullName: fullName(user.firstName, user.lastName),
        avatar: user.avatar ?? undefined,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        accountId: user.accountId,
        email: user.email,
      };
    },

    async getPermissions() {
      return signedIn() ? session.getUser().role : null;
    },

    async canAccess(query: AccessQuery) {
      return canAccessNow(query);
    },
    canAccessNow,

    subscribe: (listener) => session.subscribe(listener),
    isSignedIn: signedIn,
  };
}
