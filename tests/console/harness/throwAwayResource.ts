/**
 * A resource the product does not have, declared the way the recipe "Add a resource" says
 * (docs/ARCHITECTURE.md): its contract, one line among the contracts, one screen line and its
 * words; its edit form is the contract's `editable` fields. Imported before the console, so its tables read it as they would a real one.
 */
import { contractScreen, SCREEN_TABLE } from "../../../src/access/screenTable";
import { CONTRACTS } from "../../../src/api/contract";
import { declareResource, everyRouteFor } from "../../../src/api/contract/declare";
import * as field from "../../../src/api/contract/fields";
import { ID } from "../../../src/api/contract/limits";
import { en } from "../../../src/i18n/en";

export const gaugeFields = {
  id: field.id(),
  version: field.version(),
  name: field.text({ minLength: 1, maxLength: 40 }),
  accountId: field.id(ID),
  accountName: field.text(),
  kind: field.oneOf(["caliper", "loupe"], "resources.gauges.kinds"),
  calibrated: field.boolean(),
  readings: field.integer({ minimum: 0 }),
  calibratedAt: field.dateOrNull({ optional: true }),
};
export type Gauge = field.RecordOf<typeof gaugeFields>;

export const gaugesContract = declareResource<Gauge>()({
  name: "gauges",
  fields: gaugeFields,
  label: "gauge",
  description: "The gauges of an account's labs.",
  sorts: ["name", "readings", "calibratedAt"],
  defaultSort: ["name", "ASC"],
  filters: { kind: "exact", calibrated: "exact", accountId: "exact", calibratedAt: "range" },
  search: false,
  representation: "name",
  references: { accountId: "accounts" },
  hiddenColumns: ["readings"],
  editable: ["name", "accountId", "kind", "calibrated", "readings", "calibratedAt"],
  access: { ...everyRouteFor(["SuperAdmin"]), list: ["SuperAdmin", "Admin"] },
});

CONTRACTS.gauges = gaugesContract;
SCREEN_TABLE.push(contractScreen("gauges", "settings"));
const messages = en as unknown as { screens: Record<string, string>; resources: Record<string, unknown> };
messages.screens.gauges = "Gauges";
messages.resources.gauges = {
  name: "Gauge |||| Gauges",
  fields: {
    name: "Name",
    accountName: "Account",
    kind: "Kind",
    calibrated: "Calibrated",
    readings: "Readings",
    calibratedAt: "Calibrated on",
  },
  kinds: { caliper: "Caliper", loupe: "Loupe" },
};
