import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { ListContextProvider, useList } from "react-admin";
import type { ActivityEntry } from "../../src/api/activity";
import { ListNoMatch } from "../../src/resources/shared/ListEmpty";
import { renderConsole } from "./harness/renderConsole";
import { renderInAdmin } from "./harness/renderInAdmin";

/**
 * An empty list blames the filters only when filters are set (issue 26): with none, it says there
 * is nothing yet. The harness's GET tests answers the shared empty gallery (CONTRACT.lists.emptyGallery).
 */
describe("empty states", () => {
  it("the gallery of an account with no tests says so, not that the filters match nothing", async () => {
    await renderConsole("/gallery", { role: "User" });
    expect(await screen.findByText("No tests yet")).toBeInTheDocument();
    expect(screen.getByText("Tests made with a device show here, newest first.")).toBeInTheDocument();
    expect(screen.queryByText("No tests match these filters.")).not.toBeInTheDocument();
  });

  it("the gallery with a filter set says the filters match nothing", async () => {
    await renderConsole("/gallery?pageSize=10&page=1&q=emerald", { role: "User" });
    expect(await screen.findByText("No tests match these filters.")).toBeInTheDocument();
    expect(screen.queryByText("No tests yet")).not.toBeInTheDocument();
  });

  function EmptyTable({ filter }: { filter?: Record<string, unknown> }) {
    const list = useList<ActivityEntry>({ data: [], filter, resource: "activity" });
    return (
      <ListContextProvider value={list}>
        <ListNoMatch resource="activity" />
      </ListContextProvider>
    );
  }

  it("an operations list's table blames the filters only when one is set", async () => {
    const { unmount } = renderInAdmin(<EmptyTable filter={{ action: "mark-lost" }} />, { role: "Admin" });
    expect(await screen.findByText("No activity matches these filters.")).toBeInTheDocument();
    unmount();

    renderInAdmin(<EmptyTable filter={{ q: "" }} />, { role: "Admin" });
    expect(await screen.findByText("No activity yet")).toBeInTheDocument();
    expect(screen.queryByText("No activity matches these filters.")).not.toBeInTheDocument();
  });
});
