/**
 * The throw-away resource (tests/fixtures/gauges.ts) in the console, as the recipe "Add a resource"
 * says (docs/ARCHITECTURE.md): one line among the contracts, one screen line and its words.
 * Imported before the console, so its tables read it as they would a real one.
 */
import { contractScreen, SCREEN_TABLE } from "../../../src/access/screenTable";
import { CONTRACTS } from "../../../src/api/contract";
import { gaugesContract } from "../../fixtures/gauges";
import { en } from "../../../src/i18n/en";

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

export { gaugesContract, type Gauge } from "../../fixtures/gauges";
