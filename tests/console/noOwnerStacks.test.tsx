/**
 * The console tests skip React's development owner stacks (harness/noOwnerStacks.ts): elements
 * share React's "unknown owner" stack instead of each capturing its own, and still render.
 */
import { render, screen } from "@testing-library/react";
import { createElement } from "react";
import { expect, it } from "vitest";

const debugStack = (element: object) => (element as { _debugStack?: unknown })._debugStack;

it("captures no stack per element, and renders as before", () => {
  // Two elements made by each of React's element factories share that factory's one stack.
  const made = [createElement("span", { key: "first" }, "First"), createElement("span", { key: "second" }, "Second")];
  const written = [<span key="third">Third</span>, <span key="fourth">Fourth</span>];
  expect(debugStack(made[0])).toBe(debugStack(made[1]));
  expect(debugStack(written[0])).toBe(debugStack(written[1]));
  render(
    <>
      {made}
      {written}
    </>,
  );
  for (const text of ["First", "Second", "Third", "Fourth"]) expect(screen.getByText(text)).toBeInTheDocument();
});
