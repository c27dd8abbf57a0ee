/**
 * /new-subscription's calls (docs/api.md "New subscription"): the plans, a price with a discount
 * code, and the start itself. None is a record react-admin knows, hence custom calls.
 */
import {
  IDEMPOTENCY_HEADER,
  PLANS_PATH,
  QUOTE_PATH,
  START_PATH,
  type PlanList,
  type QuoteRequest,
  type StartSubscriptionRequest,
  type StartSubscriptionResponse,
  type SubscriptionQuote,
} from "../api/plans";
import type { HttpClient } from "./httpClient";

export interface SubscriptionCalls {
  /** GET plans */
  getPlans(signal?: AbortSignal): Promise<PlanList>;
  /** POST subscriptions/quote: 422 on discountCode when the code does not apply. */
  quoteSubscription(request: QuoteRequest, signal?: AbortSignal): Promise<SubscriptionQuote>;
  /**
   * POST subscriptions/start with the attempt's key: sending the same key again (a retry after a
   * lost answer) never charges twice. 402: the card was refused (the provider's reason).
   */
  startSubscription(request: StartSubscriptionRequest, attemptKey: string): Promise<StartSubscriptionResponse>;
}

export function createSubscriptionCalls(httpClient: HttpClient): SubscriptionCalls {
  return {
    getPlans: (signal) => httpClient.json<PlanList>(PLANS_PATH, { signal }),
    quoteSubscription: (request, signal) =>
      httpClient.json<SubscriptionQuote>(QUOTE_PATH, { method: "POST", json: request, signal }),
    startSubscription: (request, attemptKey) =>
      httpClient.json<StartSubscriptionResponse>(START_PATH, {
        method: "POST",
        json: request,
        headers: { [IDEMPOTENCY_HEADER]: attemptKey },
      }),
  };
}
