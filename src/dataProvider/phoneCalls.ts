/**
 * Top Phones Used's drill-down (docs/api-resources.md "Phones"): one model over a period is not a
 * record react-admin knows, so it is a custom call. The ranking itself is CRUD:
 * `getList("phones", { filter: { period } })`, ra-data-simple-rest's GET phones.
 */
import type { PhoneModelUsage, PhonePeriod } from "../api/phones";
import type { HttpClient } from "./httpClient";

export interface PhoneCalls {
  /** GET phones/model?brand=…&model=…&period=…; 404 when no device names this brand and model. */
  getPhoneModel(brand: string, model: string, period: PhonePeriod, signal?: AbortSignal): Promise<PhoneModelUsage>;
}

export function createPhoneCalls(httpClient: HttpClient): PhoneCalls {
  return {
    getPhoneModel: (brand, model, period, signal) =>
      httpClient.json<PhoneModelUsage>(`phones/model?${new URLSearchParams({ brand, model, period }).toString()}`, {
        signal,
      }),
  };
}
