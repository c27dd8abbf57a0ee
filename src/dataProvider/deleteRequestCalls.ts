/**
 * The data-deletion request's calls (docs/api.md "Public flows"): public, made without a token
 * whether or not someone is signed in (the emailed code is the proof).
 */
import type { DeleteRequestAccepted, DeleteRequestConfirmed } from "../api/deleteRequest";
import type { HttpClient } from "./httpClient";

export interface DeleteRequestCalls {
  /**
   * POST delete-request {email}: a code is emailed if the address has an account (the answer is the
   * same either way). Asking again is the resend: 429 with `retryAfterSeconds` within the cool-down.
   */
  requestDataDeletion(email: string): Promise<DeleteRequestAccepted>;
  /** POST delete-request/confirm {email, code}: what will be deleted, and when; 400 for a wrong or expired code. */
  confirmDataDeletion(email: string, code: string): Promise<DeleteRequestConfirmed>;
}

export function createDeleteRequestCalls(httpClient: HttpClient): DeleteRequestCalls {
  return {
    requestDataDeletion: (email) =>
      httpClient.json<DeleteRequestAccepted>("delete-request", { method: "POST", json: { email }, anonymous: true }),
    confirmDataDeletion: (email, code) =>
      httpClient.json<DeleteRequestConfirmed>("delete-request/confirm", {
        method: "POST",
        json: { email, code },
        anonymous: true,
      }),
  };
}
