/**
 * An account's storage on its page (docs/api.md "Storage quota"): "Storage 1.2 GB of 5 GB" with a
 * bar, for super admins and the account's admins; nothing for managers and users (the service
 * refuses them), and nothing against a service without the route (404: spec §7's services need
 * not have it).
 */
import { describe, expect, it } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { createConsoleProviders, type ConsoleProviders } from "../../src/providers";
import { STORAGE_CONTRACT } from "../fixtures/storageContract";
import { renderConsole } from "./harness/renderConsole";
import { reply, server } from "./harness/server";
import { db, installResourceService } from "./harness/resourceService";

installResourceService();

const storageRequests = () => db.requests.filter((url) => /\/api\/accounts\/[^/]+\/storage$/.test(url.pathname));

/**
 * The console's real providers, watched: the storage calls the page makes, and the answer to "may
 * they see the storage?". An absence is then checked once what decides it has happened (the
 * answer is in, or the call has settled, and React has drawn what follows), never after a wait.
 */
function watchedProviders() {
  const real = createConsoleProviders({ storage: window.localStorage });
  const storageCalls: Promise<unknown>[] = [];
  let storageAccess: Promise<unknown> | undefined;
  const dataProvider = new Proxy(real.dataProvider, {
    get: (target, name) =>
      name === "getAccountStorage"
        ? (...args: Parameters<ConsoleProviders["dataProvider"]["getAccountStorage"]>) => {
            const call = target.getAccountStorage(...args);
            storageCalls.push(call.catch(() => undefined));
            return call;
          }
        : Reflect.get(target, name),
  });
  const authProvider = new Proxy(real.authProvider, {
    get: (target, name) =>
      name === "canAccess"
        ? (params: Parameters<NonNullable<ConsoleProviders["authProvider"]["canAccess"]>>[0]) => {
            const answer = target.canAccess!(params);
            if (params.action === "storage") storageAccess = answer;
            return answer;
          }
        : Reflect.get(target, name),
  });
  return {
    providers: { dataProvider, authProvider },
    storageCalls,
    storageAccess: () => storageAccess,
  };
}

describe("the storage line of an account's page", () => {
  it("shows a super admin what the account holds of its quota, with a bar and the parts", async () => {
    await renderConsole("/accounts/acc-3", { role: "SuperAdmin" });
    const line = await screen.findByRole("region", { name: "Storage" });
    expect(within(line).getByText("1.2 GB of 5 GB")).toBeInTheDocument();
    expect(within(line).getByText("Tests 1.2 GB · Downloads 57 MB · Avatars 1 MB")).toBeInTheDocument();
    const bar = within(line).getByRole("progressbar", { name: "Storage" });
    expect(bar).toHaveAttribute("aria-valuenow", String(Math.round((1258 / 5120) * 100)));
    expect(bar).toHaveAttribute("aria-valuetext", "1.2 GB of 5 GB");
    expect(storageRequests().map((url) => url.pathname)).toEqual(["/api/accounts/acc-3/storage"]);
  });

  it("shows an admin their own account's, on /account", async () => {
    await renderConsole("/account", { role: "Admin" });
    const line = await screen.findByRole("region", { name: "Storage" });
    expect(within(line).getByText("1.2 GB of 5 GB")).toBeInTheDocument();
    expect(storageRequests().map((url) => url.pathname)).toEqual(["/api/accounts/acc-1/storage"]);
  });

  it("warns as the account nears its quota", async () => {
    const full = { ...STORAGE_CONTRACT.ok.body, used: STORAGE_CONTRACT.ok.body.quota };
    server.use(http.get("*/api/accounts/:id/storage", () => reply(STORAGE_CONTRACT.ok, full)));
    await renderConsole("/accounts/acc-3", { role: "SuperAdmin" });
    const line = await screen.findByRole("region", { name: "Storage" });
    expect(within(line).getByText("5 GB of 5 GB")).toBeInTheDocument();
    expect(within(line).getByRole("progressbar").className).toMatch(/colorError/);
  });

  it("is left out when the service has no such route (404), the rest of the page as usual", async () => {
    server.use(
      http.get("*/api/accounts/:id/storage", ({ request }) => {
        db.requests.push(new URL(request.url));
        return reply(STORAGE_CONTRACT.notFound);
      }),
    );
    const watched = watchedProviders();
    await renderConsole("/accounts/acc-3", { role: "SuperAdmin", providers: watched.providers });
    expect(await screen.findByRole("heading", { name: "Account 03" })).toBeInTheDocument();
    await waitFor(() => expect(watched.storageCalls).toHaveLength(1));
    // The answer has come, react-query has handed it on (its notices go out on the next turn of the
    // event loop) and React has drawn what follows: still no line.
    await act(async () => {
      await Promise.all(watched.storageCalls);
      await new Promise((resolve) => setTimeout(resolve));
    });
    expect(storageRequests()).toHaveLength(1);
    expect(screen.queryByRole("region", { name: "Storage" })).not.toBeInTheDocument();
    expect(screen.queryByText(/of 5 GB/)).not.toBeInTheDocument();
    expect(screen.getByTestId("stat-Tests")).toHaveTextContent("43");
  });

  it("is not asked for a manager (the service refuses them)", async () => {
    const watched = watchedProviders();
    await renderConsole("/account", { role: "Manager", providers: watched.providers });
    expect(await screen.findByText(/Only the account owner \(Owner 1\)/)).toBeInTheDocument();
    // The answer to "may they see the storage?" is in and React has drawn what follows it: a
    // request would have been made by now.
    await waitFor(() => expect(watched.storageAccess()).toBeDefined());
    await act(async () => {
      await watched.storageAccess();
    });
    expect(watched.storageCalls).toEqual([]);
    expect(screen.queryByRole("region", { name: "Storage" })).not.toBeInTheDocument();
    expect(storageRequests()).toEqual([]);
  });
});
