/**
 * How each resource names a record where react-admin shows one (reference fields, pickers without
 * their own option text, titles): its contract's representation, or more where a person needs it.
 */
import type { RaRecord } from "react-admin";
import { CONTRACTS } from "../api/contract";
import type { Device, Subscription, User } from "../api/resources";
import { fullName } from "../authProvider/identity";
import { deviceName } from "./shared/deviceName";

const OWN: Record<string, (record: RaRecord) => string> = {
  users: (record) => fullName((record as User).firstName, (record as User).lastName),
  devices: (record) => deviceName(record as Device),
  subscriptions: (record) => `${(record as Subscription).accountName} · ${(record as Subscription).plan}`,
};

/** The resources react-admin knows: the declared ones, and the test records (the gallery's). */
export const REGISTERED_RESOURCES = [...Object.keys(CONTRACTS), "tests"];

export function recordRepresentation(resource: string): string | ((record: RaRecord) => string) {
  return OWN[resource] ?? CONTRACTS[resource]?.representation ?? "name";
}
