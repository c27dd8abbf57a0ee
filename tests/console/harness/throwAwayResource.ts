/**
 * The throw-away resource (tests/fixtures/gauges.ts) in the console, as the recipe "Add a resource"
 * says (docs/ARCHITECTURE.md): its one line among the contracts; its screen, menu item and words
 * come from its declaration. Imported before the console, so its tables read it as they would a
 * real one.
 */
import { CONTRACTS } from "../../../src/api/contract";
import { gaugesContract } from "../../fixtures/gauges";

CONTRACTS.gauges = gaugesContract;

export { gaugesContract, type Gauge } from "../../fixtures/gauges";
