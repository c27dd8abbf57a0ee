/**
 * The served OpenAPI document as outside tools read it (issue 22: Redocly's `recommended` rules and
 * Spectral's `spectral:oas` report no error). The linters are the tools' own packages, run on the
 * document GET /api/docs/openapi.json answers; the warnings each may give are named here, so a new
 * kind of warning fails too until someone decides about it (docs/api.md).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { Document, Spectral, type RulesetDefinition } from "@stoplight/spectral-core";
import { Json } from "@stoplight/spectral-parsers";
import { oas } from "@stoplight/spectral-rulesets";
import { createTestApp, type TestApp } from "./helpers";

let t: TestApp;
let documentText: string;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" });
  expect(response.statusCode).toBe(200);
  documentText = response.body;
});

afterAll(() => t.close());

/** Each rule's count among the problems of one severity. */
const countByRule = (problems: readonly { rule: string }[]) =>
  problems.reduce<Record<string, number>>((counts, { rule }) => ({ ...counts, [rule]: (counts[rule] ?? 0) + 1 }), {});

describe("the OpenAPI document, linted by outside tools", () => {
  it("passes Redocly's recommended rules: no error; warnings only for no licence and health's lack of a 4xx", async () => {
    const results = await lintFromString({
      source: documentText,
      absoluteRef: "openapi.json",
      config: await createConfig({ extends: ["recommended"] }),
    });
    const problems = results.map((result) => ({
      rule: result.ruleId,
      severity: result.severity,
      where: result.location.map((location) => location.pointer).join(", "),
      message: result.message,
    }));
    expect(problems.filter((problem) => problem.severity === "error")).toEqual([]);
    expect(countByRule(problems.filter((problem) => problem.severity === "warn"))).toEqual({
      "info-license": 1,
      "operation-4xx-response": 1,
    });
  });

  it("passes Spectral's spectral:oas: no error; the one warning is the missing contact", async () => {
    const spectral = new Spectral();
    // The package types its ruleset without the `extends` its own type asks for, hence the cast.
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, "recommended"]] });
    const results = await spectral.run(new Document(documentText, Json, "openapi.json"));
    // Spectral's severities: 0 error, 1 warning, 2 information, 3 hint.
    const problems = results.map((result) => ({
      rule: String(result.code),
      severity: result.severity,
      where: result.path.join("."),
      message: result.message,
    }));
    expect(problems.filter((problem) => problem.severity === 0)).toEqual([]);
    expect(countByRule(problems.filter((problem) => problem.severity === 1))).toEqual({ "info-contact": 1 });
  });
});
