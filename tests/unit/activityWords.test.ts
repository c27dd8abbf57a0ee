/** The Activity Feed names every action and record type the service logs (none shows as its raw code). */
import { describe, expect, it } from "vitest";
import { ACTIVITY_ACTIONS, ACTIVITY_RESOURCES } from "../../src/api/activity";
import { appMessages } from "../../src/i18n/en";

const { actions, types } = appMessages.resources.activity as {
  actions: Record<string, string>;
  types: Record<string, string>;
};

describe("Activity Feed words", () => {
  it.each([...ACTIVITY_ACTIONS])("action %s has words", (action) => {
    expect(actions[action], action).toEqual(expect.stringMatching(/\S/));
  });
  it.each([...ACTIVITY_RESOURCES])("record type %s has words", (type) => {
    expect(types[type], type).toEqual(expect.stringMatching(/\S/));
  });
});
