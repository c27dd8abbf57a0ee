/** Top Phones Used shapes (src/api/phones.ts; docs/api-resources.md "Phones"). */
import Type from "typebox";
import { PHONE_NAME_MAX_LENGTH, PHONE_PERIODS } from "../phones";
import { nullable, stringEnum } from "./common";

export const phonePeriodSchema = stringEnum(PHONE_PERIODS, {
  description: "7d, 30d, 90d: the last 7, 30 or 90 days; 1y: the last 365 days; all: all time.",
});

const count = (description: string) => Type.Integer({ minimum: 0, description });

/** One row of the ranking: a brand and model, and the period's tests made with it. */
export const phoneUsageSchema = Type.Object({
  id: Type.String({ description: "brand/model, each URL-encoded: the model page's path." }),
  brand: Type.String(),
  model: Type.String(),
  tests: count("Tests made with a device paired with this phone in the period."),
  devices: count("Devices those tests were made with."),
  accounts: count("Accounts those tests belong to."),
  share: Type.Number({ minimum: 0, maximum: 100, description: "Percent of the period's tests, one decimal." }),
});

export const phoneModelQuerySchema = Type.Object(
  {
    brand: Type.String({ minLength: 1, maxLength: PHONE_NAME_MAX_LENGTH, description: "The phone's brand, exactly." }),
    model: Type.String({ minLength: 1, maxLength: PHONE_NAME_MAX_LENGTH, description: "The phone's model, exactly." }),
    period: Type.Optional(phonePeriodSchema),
  },
  { additionalProperties: false },
);

const isoDate = Type.String({ format: "date-time" });

/** One model over a period: its weeks, OS versions, accounts, devices and latest tests. */
export const phoneModelUsageSchema = Type.Object({
  brand: Type.String(),
  model: Type.String(),
  period: phonePeriodSchema,
  from: nullable("string", { format: "date-time", description: "The period's start; null for all time." }),
  to: isoDate,
  totals: Type.Object({ tests: count("Tests"), devices: count("Devices"), accounts: count("Accounts") }),
  weeks: Type.Array(
    Type.Object({ week: Type.String({ description: "The week's Monday (UTC), YYYY-MM-DD." }), tests: count("Tests") }),
  ),
  osVersions: Type.Array(
    Type.Object({
      os: nullable("string", { description: "The device's phone OS; null when it did not say." }),
      tests: count("Tests"),
      devices: count("Devices"),
    }),
  ),
  accounts: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), tests: count("Tests"), devices: count("Devices") }),
  ),
  devices: Type.Array(
    Type.Object({
      id: Type.String(),
      serialNumber: Type.String(),
      customBoxName: nullable("string"),
      accountName: Type.String(),
      phoneOs: nullable("string"),
      tests: count("Tests"),
    }),
  ),
  latestTests: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      date: isoDate,
      accountName: Type.String(),
      deviceId: Type.String(),
    }),
  ),
});
