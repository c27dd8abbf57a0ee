/**
 * User Settings' calls (docs/api.md "User settings"): the signed-in user's own preferences,
 * password and avatar. None is CRUD on a record react-admin knows (they are "me", not an id), so
 * they are custom calls. Names change through react-admin's update("users") (PUT users/{id}).
 */
import type { ApiUser } from "../api/types";
import { AVATAR_FIELD, type PreferencesUpdate, type UserPreferences } from "../api/userSettings";
import type { HttpClient } from "./httpClient";

export interface UserSettingsCalls {
  /** GET users/me/preferences: the defaults (version 0) for a user who saved none. */
  getPreferences(signal?: AbortSignal): Promise<UserPreferences>;
  /** PUT users/me/preferences: versioned (409 with `current` when changed elsewhere). */
  updatePreferences(update: PreferencesUpdate): Promise<UserPreferences>;
  /**
   * POST users/me/password with the session's refresh token, so this sign-in stays and every
   * other one is signed out. Answers how many were.
   */
  changePassword(currentPassword: string, newPassword: string): Promise<number>;
  /** POST users/me/avatar (multipart); the answer becomes the current user (the app bar shows it). */
  uploadAvatar(file: File): Promise<ApiUser>;
  /** DELETE users/me/avatar; the answer becomes the current user. */
  removeAvatar(): Promise<ApiUser>;
}

export function createUserSettingsCalls(httpClient: HttpClient): UserSettingsCalls {
  const { session } = httpClient;
  /** Stores the answer as the current user, unless the session changed hands meanwhile. */
  const storeCurrentUser = (user: ApiUser) => {
    if (user.id === session.getUser().id) session.setCurrentUser(user);
    return user;
  };
  return {
    getPreferences: (signal) => httpClient.json<UserPreferences>("users/me/preferences", { signal }),
    updatePreferences: (update) =>
      httpClient.json<UserPreferences>("users/me/preferences", { method: "PUT", json: update }),
    changePassword: async (currentPassword, newPassword) => {
      const answer = await httpClient.json<{ signedOutSessions: number }>("users/me/password", {
        method: "POST",
        json: { currentPassword, newPassword, refreshToken: session.getUser().refreshToken },
      });
      return answer.signedOutSessions;
    },
    uploadAvatar: async (file) => {
      const form = new FormData();
      form.append(AVATAR_FIELD, file, file.name);
      return storeCurrentUser(await httpClient.json<ApiUser>("users/me/avatar", { method: "POST", body: form }));
    },
    removeAvatar: async () => storeCurrentUser(await httpClient.json<ApiUser>("users/me/avatar", { method: "DELETE" })),
  };
}
