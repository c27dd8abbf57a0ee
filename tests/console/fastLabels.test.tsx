/**
 * The console tests' `labels` and `label.control` (harness/fastLabels.ts) answer as jsdom's own
 * do, on pages built for the standard's corner cases and on a real console page.
 */
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsdomGetters, LABELABLE_CLASSES } from "./harness/fastLabels";
import { renderConsole } from "./harness/renderConsole";

function jsdomAnswer(element: Element, property: "control" | "labels"): unknown {
  const own = LABELABLE_CLASSES.find((kind) => element instanceof kind) ?? HTMLLabelElement;
  const get = jsdomGetters.get(own.prototype)!;
  const answer = get.call(element) as NodeListOf<HTMLLabelElement> | Element | null;
  return property === "labels" && answer ? [...(answer as NodeListOf<HTMLLabelElement>)] : answer;
}

/** Every label's control and every labelable element's labels, ours against jsdom's. */
function expectSameAnswers(root: ParentNode): number {
  const labels = [...root.querySelectorAll("label")];
  for (const label of labels) expect(label.control).toBe(jsdomAnswer(label, "control"));
  const labelables = [...root.querySelectorAll("button, input, meter, output, progress, select, textarea")];
  for (const element of labelables) {
    const ours = (element as HTMLInputElement).labels;
    expect(ours === null ? null : [...ours]).toEqual(jsdomAnswer(element, "labels"));
  }
  return labels.length + labelables.length;
}

const CORNER_CASES = `
  <label id="wrapped">Name <input id="name"> <input id="second"></label>
  <label for="name">Name again</label>
  <label for="">Empty for</label>
  <label for="missing">Missing target</label>
  <label for="not-labelable">Not labelable</label><div id="not-labelable"></div>
  <label for="dup">First of two ids</label><span id="dup"></span><input id="dup">
  <label for="hidden">Hidden</label><input type="hidden" id="hidden">
  <label>Around a hidden one <input type="hidden"><select id="pick"></select></label>
  <label for="q&quot;x">Quoted id</label><textarea id='q"x'></textarea>
  <label>Button <button>Go</button></label><meter></meter><output></output><progress></progress>
  <label for="outer"><label>Nested <input id="inner"></label></label><input id="outer">
`;

describe("fast labels", () => {
  it("answer as jsdom does in the standard's corner cases, attached and detached", () => {
    document.body.innerHTML = CORNER_CASES;
    expect(expectSameAnswers(document)).toBeGreaterThan(20);
    expect((document.getElementById("name") as HTMLInputElement).labels).toHaveLength(2);
    const detached = document.createElement("div");
    detached.innerHTML = CORNER_CASES;
    expectSameAnswers(detached);
    const lone = document.createElement("label");
    lone.innerHTML = "<input>";
    expect(lone.control).toBe(jsdomAnswer(lone, "control"));
    expect([...lone.querySelector("input")!.labels!]).toEqual([lone]);
    document.body.innerHTML = "";
  });

  it("answer as jsdom does on a console form", async () => {
    await renderConsole("/user-settings", { role: "Admin" });
    await screen.findByRole("region", { name: "Interface" });
    expect(expectSameAnswers(document)).toBeGreaterThan(10);
  });
});
