/** The OpenAPI tag of the signed-in user's own settings (GET /api/docs). */
export const USER_SETTINGS_TAG = "User settings";
