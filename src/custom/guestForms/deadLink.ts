import { fieldErrorsOf } from "../../resources/shared/concurrency";

/** A guest page's link (a reset, invitation or unsubscribe link) as its page reads the service's refusals. */
export interface GuestLinkWords {
  /** The field that carries the link's token or code: a refusal naming it refuses the link. */
  field: string;
  /** The page's words for a dead link. */
  dead: string;
  /**
   * The statuses that can only be about the link on this request: a request that sends nothing
   * else (reading an invitation: 400 or 404, "Not found." for a code longer than any the service
   * makes), or a service's "not found" for a reset. Not a device's unsubscribe 404s, which say in
   * their own words which of its dead links it is.
   */
  deadStatuses: readonly number[];
}

/**
 * What a guest page says when the service refuses its link: the same words whatever made it dead
 * (used, expired, unknown, or cut wrong by a mail client: a token longer than any the service makes
 * is refused by its schema). Null for any other failure (the network, a 5xx, a refused password),
 * which keeps its own message.
 */
export function deadLinkMessage(error: unknown, link: GuestLinkWords): string | null {
  if (!error) return null;
  const status = (error as { status?: unknown }).status;
  const namesLink = fieldErrorsOf(error)?.[link.field] !== undefined;
  return namesLink || (typeof status === "number" && link.deadStatuses.includes(status)) ? link.dead : null;
}
