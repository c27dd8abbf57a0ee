import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { ErrorBoundary } from "../../src/custom/status/ErrorBoundary";

function Broken(): never {
  throw new Error("Cannot read the test's files");
}

describe("error screen (spec §2)", () => {
  it("replaces a page that fails to render, with the spec's texts and three buttons", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText("Ooops!")).toBeInTheDocument();
    expect(screen.getByText("Looks like there was a problem")).toBeInTheDocument();
    expect(screen.getByText("If the error continues, contact support.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to home" })).toHaveAttribute("href", "/");

    expect(screen.getByTestId("error-details")).not.toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Show details" }));
    expect(screen.getByTestId("error-details")).toHaveTextContent("Cannot read the test's files");
  });
});
