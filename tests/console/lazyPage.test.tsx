/**
 * Issue 13: a page whose code start-up already loaded draws in the same pass, without a Suspense
 * fallback (React 19 holds content back ≥300 ms after a fallback shows: that pause, twice, was
 * most of the idle time before the first row).
 */
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { isPageLoaded, lazyPage, loadPage } from "../../src/custom/startup/lazyPage";

const pageModule = (text: string) => ({ default: () => <p>{text}</p> });

describe("lazyPage", () => {
  it("draws a preloaded page at once, without its fallback", async () => {
    const load = () => Promise.resolve(pageModule("Accounts page"));
    const Page = lazyPage(load);
    await loadPage(load);
    expect(isPageLoaded(load)).toBe(true);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText("Accounts page")).toBeInTheDocument();
    expect(screen.queryByText("Loading")).not.toBeInTheDocument();
  });

  it("loads a page not preloaded on demand, behind its fallback, once", async () => {
    let loads = 0;
    const load = () => {
      loads++;
      return Promise.resolve(pageModule("Payments page"));
    };
    const Page = lazyPage(load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText("Loading")).toBeInTheDocument();
    expect(await screen.findByText("Payments page")).toBeInTheDocument();
    await loadPage(load);
    expect(loads).toBe(1);
  });

  it("asks again for code that failed to load", async () => {
    let attempts = 0;
    const load = () => (++attempts === 1 ? Promise.reject(new Error("offline")) : Promise.resolve(pageModule("x")));
    await expect(loadPage(load)).rejects.toThrow("offline");
    await expect(loadPage(load)).resolves.toBeTruthy();
    expect(attempts).toBe(2);
  });
});
