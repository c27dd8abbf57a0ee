/**
 * Home's dashboard per role over msw, answering the contract's dashboards (the service tests
 * assert the same fixtures): figures, links to the filtered lists, empty states, loading, errors.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import type { Dashboard } from "../../src/api/dashboard";
import { CONTRACT } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { installResourceService, lastQuery, tableRows } from "./harness/resourceService";
import { reply, server } from "./harness/server";

beforeAll(async () => {
  await Promise.all([import("../../src/custom/home/HomePage"), import("../../src/custom/home/DashboardCharts")]);
}, 60_000);
installResourceService();

const SUPER = CONTRACT.dashboard.superAdmin.body;
const ADMIN = CONTRACT.dashboard.admin.body;
const MONTH = SUPER.month;

/** A link's href, its query decoded: { path, filter } for a react-admin list, or the search params. */
function target(link: HTMLElement) {
  const url = new URL(link.getAttribute("href")!, "http://console");
  const filter = url.searchParams.get("filter");
  return {
    path: url.pathname,
    filter: filter === null ? undefined : (JSON.parse(filter) as Record<string, unknown>),
    search: Object.fromEntries([...url.searchParams].filter(([key]) => key !== "filter")),
  };
}

const section = (name: string) => screen.getByRole("region", { name });
const figure = (name: RegExp) => screen.getByRole("link", { name });

function serveDashboard(body: Dashboard, wait = 0) {
  server.use(
    http.get("*/api/dashboard", async () => {
      if (wait) await delay(wait);
      return reply(CONTRACT.dashboard.superAdmin, body);
    }),
  );
}

describe("Home for a super admin", () => {
  it("shows every account's figures, each a link to its filtered list", async () => {
    await renderConsole("/", { role: "SuperAdmin" });
    expect(await screen.findByRole("heading", { name: "Welcome back, Ada" })).toBeInTheDocument();
    await screen.findByRole("region", { name: "Tests per day" });
    expect(screen.getByText(/every account at a glance\. Days are counted in UTC/)).toBeInTheDocument();

    // The figure cards: accounts, the period's tests and analyses, this month's payments.
    expect(target(figure(/^Accounts 304 25 past due$/))).toMatchObject({ path: "/accounts", filter: {} });
    const period = { from: "2026-02-04", to: "2026-03-05" };
    expect(target(figure(new RegExp(`^Tests ${SUPER.tests!.total} `)))).toMatchObject({
      path: "/gallery",
      search: period,
    });
    expect(target(figure(/^AI analyses 18 /))).toMatchObject({ path: "/gallery", search: period });
    expect(target(figure(/^Payments 231 /))).toMatchObject({
      path: "/payments",
      filter: { date_gte: MONTH.from, date_lte: MONTH.to },
    });
    expect(screen.getByText("25 past due")).toBeInTheDocument();

    // Accounts by subscription: one link per status, to the accounts list filtered to it.
    const subscriptions = within(section("Accounts by subscription"));
    expect(target(subscriptions.getByRole("link", { name: "Past Due 25" }))).toEqual({
      path: "/accounts",
      filter: { subscriptionStatus: "past_due" },
      search: {},
    });
    expect(subscriptions.getByRole("link", { name: "Canceled (grace period) 14" })).toBeInTheDocument();
    expect(subscriptions.getByTestId("subscription-chart")).toBeInTheDocument();

    // Tests per day: the chart, and the whole period in the gallery.
    const days = within(section("Tests per day"));
    expect(days.getByTestId("tests-per-day-chart")).toBeInTheDocument();
    expect(target(days.getByRole("link", { name: "Open in gallery" }))).toMatchObject({ search: period });
    // The same days in words: each day's tests open from its link (a bar opens by a click only).
    fireEvent.click(days.getByText("Show as a table"));
    const lastDay = days.getByRole("link", { name: "03/05/2026" });
    expect(target(lastDay)).toMatchObject({ path: "/gallery", search: { from: "2026-03-05", to: "2026-03-05" } });
    expect(days.getAllByRole("row")).toHaveLength(31);

    // AI: the stone mix, every type with its count.
    const ai = within(section("AI analyses"));
    expect(ai.getByTestId("stones-chart")).toBeInTheDocument();
    expect(ai.getByRole("link", { name: "CVD 21" })).toBeInTheDocument();
    expect(ai.getByText("102")).toBeInTheDocument();
    // The charts are no Tab stops (MUI's arrow-key walk had no name and no visible focus): their
    // figures are in the cards' links and the day table.
    const charts = () => document.querySelectorAll('[data-testid$="-chart"] svg');
    await waitFor(() => expect(charts().length).toBeGreaterThanOrEqual(3));
    for (const chart of charts())
      expect(chart.closest("[data-testid]")!.querySelector("[tabindex]:not([tabindex='-1'])")).toBeNull();

    // Payments per currency, each to the month's payments in it; the failed ones to theirs.
    const payments = within(section("Payments this month"));
    const euro = payments.getByRole("link", { name: "EUR €10,788.00 collected 120" });
    expect(target(euro).filter).toEqual({ date_gte: MONTH.from, date_lte: MONTH.to, currency: "EUR" });
    expect(within(euro).getByText("€10,788.00 collected")).toBeInTheDocument();
    expect(target(payments.getByRole("link", { name: "Failed 12" })).filter).toEqual({
      date_gte: MONTH.from,
      date_lte: MONTH.to,
      status: "failed",
    });
  });

  it("opens the accounts list filtered to a subscription status from its figure", async () => {
    await renderConsole("/", { role: "SuperAdmin" });
    const subscriptions = within(await screen.findByRole("region", { name: "Accounts by subscription" }));
    fireEvent.click(subscriptions.getByRole("link", { name: "Past Due 25" }));
    await screen.findByRole("heading", { name: "Accounts" });
    await waitFor(() => expect(lastQuery("accounts").filter).toEqual({ subscriptionStatus: "past_due" }));
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
    for (const row of tableRows()) expect(within(row).getByText("Past Due")).toBeInTheDocument();

    // Back home, the figure of every account opens the whole list, not the filter last used there.
    fireEvent.click(screen.getByRole("link", { name: "Home" }));
    fireEvent.click(await screen.findByRole("link", { name: /^Accounts 304 / }));
    await screen.findByRole("heading", { name: "Accounts" });
    await waitFor(() => expect(lastQuery("accounts").filter).toEqual({}));
  });

  it("says plainly when there is nothing yet: no tests, no analyses, no payments", async () => {
    const quiet: Dashboard = {
      ...SUPER,
      tests: { total: 0, days: SUPER.tests!.days.map((day) => ({ ...day, tests: 0 })) },
      ai: { analyses: 0, failed: 0, testRuns: 0, stones: SUPER.ai!.stones.map((row) => ({ ...row, count: 0 })) },
      payments: { count: 0, failed: 0, currencies: [] },
    };
    serveDashboard(quiet);
    await renderConsole("/", { role: "SuperAdmin" });
    const days = within(await screen.findByRole("region", { name: "Tests per day" }));
    expect(days.getByText("No tests in the last 30 days")).toBeInTheDocument();
    expect(days.queryByTestId("tests-per-day-chart")).not.toBeInTheDocument();
    expect(within(section("AI analyses")).getByText("No AI analyses of the last 30 days' tests")).toBeInTheDocument();
    expect(within(section("Payments this month")).getByText("No payments this month yet")).toBeInTheDocument();
    expect(figure(/^Tests 0 /)).toBeInTheDocument();
  });

  it("lists five currencies one by one and the rest in one row to the month's payments", async () => {
    const currencies = ["EUR", "GBP", "USD", "CHF", "INR", "AED", "JPY"].map((currency, i) => ({
      currency,
      count: 70 - i * 10,
      collected: 100_000,
    }));
    serveDashboard({ ...SUPER, payments: { count: 280, failed: 0, currencies } });
    await renderConsole("/", { role: "SuperAdmin" });
    const payments = within(await screen.findByRole("region", { name: "Payments this month" }));
    const rows = within(payments.getByRole("list", { name: "Payments this month per currency" }));
    // Each link is named by what it shows: the currency, what was collected (not for the rest), the count.
    const names = ["EUR", "GBP", "USD", "CHF", "INR", "2 more currencies"];
    const counts = [70, 60, 50, 40, 30, 30];
    const links = rows.getAllByRole("link");
    expect(links).toHaveLength(names.length);
    links.forEach((link, at) => expect(link).toHaveAccessibleName(new RegExp(`^${names[at]} (.* )?${counts[at]}$`)));
    expect(target(payments.getByRole("link", { name: "2 more currencies 30" })).filter).toEqual({
      date_gte: MONTH.from,
      date_lte: MONTH.to,
    });
  });

  it("shows the dashboard's outline while it loads, and the service's message when it fails", async () => {
    serveDashboard(SUPER, 400);
    await renderConsole("/", { role: "SuperAdmin" });
    expect(await screen.findByTestId("dashboard-loading")).toBeInTheDocument();
    await screen.findByRole("region", { name: "Tests per day" });
    expect(screen.queryByTestId("dashboard-loading")).not.toBeInTheDocument();

    server.use(
      http.get("*/api/dashboard", () => HttpResponse.json({ message: "Database unavailable." }, { status: 503 })),
    );
    await renderConsole("/", { role: "SuperAdmin" });
    expect(await screen.findByText("The dashboard could not be loaded: Database unavailable.")).toBeInTheDocument();
  });
});

describe("Home for an admin or a manager", () => {
  it("shows an admin their account's figures: tests, AI, devices, users and payments", async () => {
    await renderConsole("/", { role: "Admin" });
    await screen.findByRole("region", { name: "Tests per day" });
    expect(screen.getByText(/your account at a glance/)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Accounts by subscription" })).not.toBeInTheDocument();
    expect(target(figure(/^Devices 5 /))).toMatchObject({ path: "/devices", filter: {} });
    expect(screen.getByText("1 lost")).toBeInTheDocument();
    expect(target(figure(/^Users 4( |$)/))).toMatchObject({ path: "/users", filter: {} });
    const devices = within(section("Devices"));
    expect(target(devices.getByRole("link", { name: "Lost 1" }))).toEqual({
      path: "/devices",
      filter: { status: "lost" },
      search: {},
    });
    const users = within(section("Users"));
    expect(target(users.getByRole("link", { name: "Invited 1" })).filter).toEqual({ status: "invited" });
    const gbp = within(section("Payments this month")).getByRole("link", { name: "GBP £49.00 collected 1" });
    expect(target(gbp).filter).toEqual({ date_gte: ADMIN.month.from, date_lte: ADMIN.month.to, currency: "GBP" });
    expect(within(gbp).getByText("£49.00 collected")).toBeInTheDocument();
  });

  it("shows a manager the same figures without payments", async () => {
    await renderConsole("/", { role: "Manager" });
    await screen.findByRole("region", { name: "Tests per day" });
    expect(screen.getByRole("region", { name: "Devices" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Payments this month" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^Payments \d/ })).not.toBeInTheDocument();
  });
});

describe("Home for a user", () => {
  it("shows their latest tests, each opening the test, and the gallery", async () => {
    await renderConsole("/", { role: "User" });
    const latest = within(await screen.findByRole("region", { name: "Your latest tests" }));
    const first = latest.getByRole("article", { name: "Halo setting 1" });
    expect(within(first).getByRole("link")).toHaveAttribute("href", "/gallery/item/test-1");
    // The photo's thumbnails by srcset, as the gallery's cards (not the full-size photo).
    // The card's heading names the test; its photo is not read out again.
    const photo = first.querySelector("img")!;
    expect(photo).toHaveAttribute("alt", "");
    const [small, large] = CONTRACT.dashboard.user.body.latestTests![0]!.thumbnails!;
    expect(photo).toHaveAttribute("srcset", `${small!.link} 320w, ${large!.link} 640w`);
    expect(photo).toHaveAttribute("src", large!.link);
    expect(within(first).getByText("London counter · Sherlock Holmes 4.0")).toBeInTheDocument();
    expect(within(latest.getByRole("article", { name: "Melee parcel 7" })).getByText("No photo")).toBeInTheDocument();
    expect(latest.getByRole("link", { name: "Open gallery" })).toHaveAttribute("href", "/gallery");
    expect(screen.queryByRole("region", { name: "Tests per day" })).not.toBeInTheDocument();
  });

  it("says so when they have made no test yet", async () => {
    serveDashboard({ ...CONTRACT.dashboard.user.body, latestTests: [] });
    await renderConsole("/", { role: "User" });
    const latest = within(await screen.findByRole("region", { name: "Your latest tests" }));
    expect(latest.getByText("You have not made a test yet")).toBeInTheDocument();
    expect(latest.getByRole("link", { name: "Open gallery" })).toHaveAttribute("href", "/gallery");
  });
});
