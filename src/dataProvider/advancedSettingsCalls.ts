/**
 * Advanced Settings' call that is not CRUD (docs/api.md "Advanced settings"). The rest is
 * react-admin's: getList/getOne/update on "box-type-settings", getList/create on "forced-resets".
 */
import { FORCED_RESETS, type ForcedReset } from "../api/advancedSettings";
import type { HttpClient } from "./httpClient";

export interface AdvancedSettingsCalls {
  /** POST forced-resets/{id}/cancel (super admins, after a password re-check): answers the reset, now canceled. */
  cancelForcedReset(id: string): Promise<ForcedReset>;
}

export function createAdvancedSettingsCalls(httpClient: HttpClient): AdvancedSettingsCalls {
  return {
    cancelForcedReset: (id) =>
      httpClient.json<ForcedReset>(`${FORCED_RESETS}/${encodeURIComponent(id)}/cancel`, { method: "POST" }),
  };
}
