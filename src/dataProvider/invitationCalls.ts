import type { InvitationPublic } from "../api/resources";
import type { HttpClient } from "./httpClient";

/** The public invitation page's read (docs/api-resources.md "Invitations"); accepting is the authProvider's. */
export interface InvitationCalls {
  /** GET invitations/{code}: anonymous, the code being the credential; 404 once used or expired. */
  getInvitation(code: string, signal?: AbortSignal): Promise<InvitationPublic>;
}

export function createInvitationCalls(httpClient: HttpClient): InvitationCalls {
  return {
    getInvitation: (code, signal) =>
      httpClient.json<InvitationPublic>(`invitations/${encodeURIComponent(code)}`, { signal, anonymous: true }),
  };
}
