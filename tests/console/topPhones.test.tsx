/** Top Phones Used: the ranking (table, chart, period, empty state) and a model's page, over msw. */
import { beforeAll, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { PhoneModelUsage } from "../../src/api/phones";
import { CONTRACT } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { reply, server } from "./harness/server";

// A cold worker loads the console and the pages once, here, not inside the first test.
beforeAll(async () => {
  await Promise.all([
    import("../../src/App"),
    import("../../src/custom/topPhones/TopPhonesPage"),
    import("../../src/custom/topPhones/PhoneModelPage"),
  ]);
}, 60_000);

const LIST = CONTRACT.phones.list;
const MODEL = CONTRACT.phones.model;

/** GET phones as the service answers it; records each query. */
function serveRanking(rows = LIST.body) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get("*/api/phones", ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const period = (JSON.parse(params.get("filter") ?? "{}") as { period?: string }).period;
      const answer = period === "7d" ? [] : rows;
      const range = answer.length === 0 ? "phones */0" : `phones 0-${answer.length - 1}/${answer.length}`;
      return HttpResponse.json(answer, {
        headers: { "Content-Range": range, "Access-Control-Expose-Headers": "Content-Range" },
      });
    }),
  );
  return queries;
}

function serveModel(body: PhoneModelUsage = MODEL.body) {
  const urls: URL[] = [];
  server.use(
    http.get("*/api/phones/model", ({ request }) => {
      const url = new URL(request.url);
      urls.push(url);
      if (url.searchParams.get("model") !== body.model) return reply(CONTRACT.phones.notFound);
      return reply(MODEL, { ...body, period: (url.searchParams.get("period") ?? "30d") as PhoneModelUsage["period"] });
    }),
  );
  return urls;
}

const rows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

describe("/top-phones-used", () => {
  it("ranks the models of the last 30 days in a table, with the bar chart, and links each to its page", async () => {
    const queries = serveRanking();
    await renderConsole("/top-phones-used", { role: "SuperAdmin" });
    expect(await screen.findByRole("heading", { name: "Top Phones Used" })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(JSON.parse(queries.at(-1)!.get("filter")!)).toEqual({ period: "30d" });
    expect(JSON.parse(queries.at(-1)!.get("sort")!)).toEqual(["tests", "DESC"]);
    const first = within(rows()[0]!);
    expect(first.getByText("Apple")).toBeInTheDocument();
    expect(first.getByText("42")).toBeInTheDocument();
    expect(first.getByText("60.0 %")).toBeInTheDocument();
    expect(first.getByRole("link", { name: "iPhone 15 Pro" })).toHaveAttribute(
      "href",
      "/top-phones-used/Apple/iPhone%2015%20Pro?period=30d",
    );
    expect(screen.getByTestId("phones-bar-chart")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Tests by phone model" })).toBeInTheDocument();
  });

  it("asks again for the chosen period and shows an empty state when it has no tests", async () => {
    const queries = serveRanking();
    await renderConsole("/top-phones-used", { role: "SuperAdmin" });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "7 days" }));
    await waitFor(() => expect(JSON.parse(queries.at(-1)!.get("filter")!)).toEqual({ period: "7d" }));
    expect(await screen.findByText("No tests in the last 7 days")).toBeInTheDocument();
    expect(screen.queryByTestId("phones-bar-chart")).not.toBeInTheDocument();
  });

  it("opens a model's page from its row", async () => {
    serveRanking();
    serveModel();
    await renderConsole("/top-phones-used", { role: "SuperAdmin" });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[0]!).getByRole("link", { name: "iPhone 15 Pro" }));
    expect(await screen.findByRole("heading", { level: 1, name: "iPhone 15 Pro" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/top-phones-used/Apple/iPhone%2015%20Pro");
  });

  it("is not found for anyone but super admins", async () => {
    const queries = serveRanking();
    await renderConsole("/top-phones-used", { role: "Admin" });
    expect(await screen.findByText("Page not found.")).toBeInTheDocument();
    expect(queries).toHaveLength(0);
  });
});

describe("/top-phones-used/:phoneBrand/:phoneModel", () => {
  it("shows totals, the weeks chart, OS versions and links to accounts, devices and tests", async () => {
    const urls = serveModel();
    await renderConsole("/top-phones-used/Apple/iPhone%2015%20Pro?period=90d", { role: "SuperAdmin" });
    expect(await screen.findByRole("heading", { level: 1, name: "iPhone 15 Pro" })).toBeInTheDocument();
    await screen.findByText("Apple · tests in the last 90 days");
    await waitFor(() => expect(screen.getByTestId("phone-weeks-chart")).toBeInTheDocument());
    const asked = urls.at(-1)!.searchParams;
    expect([asked.get("brand"), asked.get("model"), asked.get("period")]).toEqual(["Apple", "iPhone 15 Pro", "90d"]);
    expect(screen.getByTestId("stat-Tests")).toHaveTextContent("42");
    const os = within(screen.getByRole("region", { name: "OS versions" }));
    expect(os.getByText("iOS 17.5")).toBeInTheDocument();
    expect(os.getByText("Not reported")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Brilliant Gems Ltd" })).toHaveAttribute("href", "/accounts/acc-1");
    expect(screen.getByRole("link", { name: "London counter" })).toHaveAttribute("href", "/devices/dev-1");
    expect(screen.getByRole("link", { name: "Halo setting 1" })).toHaveAttribute("href", "/gallery/item/test-1");
  });

  it("says so when no device uses the model", async () => {
    serveModel();
    await renderConsole("/top-phones-used/Apple/iPhone%2099", { role: "SuperAdmin" });
    expect(await screen.findByText("No device uses this phone model.")).toBeInTheDocument();
  });
});
