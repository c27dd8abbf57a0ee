/**
 * Scheduled actions' calls that are not CRUD (docs/api.md "Lifecycle"); the lists are
 * react-admin's getList("scheduled-actions"). Both need a password re-check in the last 5 minutes
 * (403 otherwise) and answer the action as it is now; 409 when it is no longer pending.
 */
import { SCHEDULED_ACTIONS, type ScheduledAction } from "../api/lifecycle";
import type { HttpClient } from "./httpClient";

export interface ScheduledActionCalls {
  /** POST scheduled-actions/{id}/cancel: cancels it and withdraws the request behind it. */
  cancelScheduledAction(id: string): Promise<ScheduledAction>;
  /** POST scheduled-actions/{id}/run: carries it out now, as the scheduler would at its time. */
  runScheduledAction(id: string): Promise<ScheduledAction>;
}

export function createScheduledActionCalls(httpClient: HttpClient): ScheduledActionCalls {
  const post = (id: string, verb: "cancel" | "run") =>
    httpClient.json<ScheduledAction>(`${SCHEDULED_ACTIONS}/${encodeURIComponent(id)}/${verb}`, { method: "POST" });
  return {
    cancelScheduledAction: (id) => post(id, "cancel"),
    runScheduledAction: (id) => post(id, "run"),
  };
}
