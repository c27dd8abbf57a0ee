/**
 * SlicedMount (the signed-in shell's mount, issue 23): the render that places it shows the fallback
 * (the loader already on screen), never a blank page, and its children come in a render of their
 * own, which React may pause. Rendered without act(), which would run both renders as one.
 */
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, expect, it } from "vitest";
import { waitFor } from "@testing-library/react";
import { SlicedMount } from "../../src/custom/layout/SlicedMount";

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let wasActEnvironment: boolean | undefined;
beforeEach(() => {
  wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
});

it("shows the fallback in the render that places it, then its children in a later one", async () => {
  const container = document.createElement("div");
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <SlicedMount fallback={<p>Loading</p>}>
        <p>The shell</p>
      </SlicedMount>,
    ),
  );
  expect(container.textContent).toBe("Loading");
  await waitFor(() => expect(container.textContent).toBe("The shell"));
  root.unmount();
});
