/**
 * The device unsubscribe link's calls (docs/api.md "Public flows"): public, made without a token
 * (the page is for guests; the link's token is the proof).
 */
import type { DeviceUnsubscribe } from "../api/deviceUnsubscribe";
import type { HttpClient } from "./httpClient";

export interface DeviceUnsubscribeCalls {
  /** GET devices/{id}/unsubscribe?token=…: which device and account, and whether its emails are off; 404 for a bad link. */
  getDeviceUnsubscribe(deviceId: string, token: string): Promise<DeviceUnsubscribe>;
  /** POST devices/{id}/unsubscribe {token}: turns the owner's emails about the device off (idempotent). */
  unsubscribeDevice(deviceId: string, token: string): Promise<DeviceUnsubscribe>;
}

export function createDeviceUnsubscribeCalls(httpClient: HttpClient): DeviceUnsubscribeCalls {
  const path = (deviceId: string) => `devices/${encodeURIComponent(deviceId)}/unsubscribe`;
  return {
    getDeviceUnsubscribe: (deviceId, token) =>
      httpClient.json<DeviceUnsubscribe>(`${path(deviceId)}?${new URLSearchParams({ token }).toString()}`, {
        anonymous: true,
      }),
    unsubscribeDevice: (deviceId, token) =>
      httpClient.json<DeviceUnsubscribe>(path(deviceId), { method: "POST", json: { token }, anonymous: true }),
  };
}
