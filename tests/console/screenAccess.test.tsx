/**
 * Issue 13: a click on the menu draws the page in the same pass. The screen guard's access question
 * is answered at once from the menu's own answers; before, it showed the loader for a render first,
 * and the page then mounted under a fresh Suspense boundary that React held back ~300 ms.
 */
import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { ScreenGuard } from "../../src/access/ScreenRoutes";
import { SCREENS } from "../../src/access/screens";
import { useAccessibleScreens } from "../../src/access/useAccessibleScreens";
import { useIdentity } from "../../src/authProvider/useCurrentUser";
import { createConsoleProviders } from "../../src/providers";
import { renderInAdmin } from "./harness/renderInAdmin";

const loaderRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../src/custom/status/PageLoader", () => ({
  PageLoader: () => {
    loaderRenders.count++;
    return <p>loading</p>;
  },
}));

const MENU = SCREENS.filter((candidate) => ["/payments", "/accounts", "/firmware"].includes(candidate.path));

/**
 * The guard shows only once the menu's answers and the signed-in user are in, as in the signed-in
 * layout after a click on the menu.
 */
function AfterTheMenu({ asked }: { asked: typeof MENU }) {
  const opened = useAccessibleScreens(asked);
  const { isPending } = useIdentity();
  if (!opened || isPending) return <p>menu pending</p>;
  return (
    <ScreenGuard>
      <p>the page</p>
    </ScreenGuard>
  );
}

/** Each render's answer of useAccessibleScreens, as paths ("pending" before it is in). */
function MenuAnswers({ seen }: { seen: string[] }) {
  const opened = useAccessibleScreens(MENU);
  seen.push(opened ? opened.map((item) => item.path).join(" ") : "pending");
  return null;
}

describe("the menu's access answers", () => {
  it("are there in the layout's first render with the console's own provider (canAccessNow)", async () => {
    const seen: string[] = [];
    renderInAdmin(<MenuAnswers seen={seen} />, { role: "Admin", path: "/payments" });
    // An admin has Payments, not Accounts or Firmware (spec §2).
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(seen[0]).toBe("/payments");
    expect(seen).not.toContain("pending");
  });

  it("come through the query from a provider that answers only canAccess", async () => {
    const { authProvider } = createConsoleProviders({ storage: window.localStorage });
    const { canAccessNow: _answersNow, ...asyncOnly } = authProvider;
    const seen: string[] = [];
    renderInAdmin(<MenuAnswers seen={seen} />, {
      role: "Admin",
      path: "/payments",
      providers: { authProvider: asyncOnly as typeof authProvider },
    });
    await vi.waitFor(() => expect(seen.at(-1)).toBe("/payments"));
    expect(seen[0]).toBe("pending");
  });
});

describe("the screen guard after the menu has answered", () => {
  it("opens a screen the menu holds without a loader", async () => {
    loaderRenders.count = 0;
    renderInAdmin(<AfterTheMenu asked={MENU} />, { role: "SuperAdmin", path: "/payments" });
    await screen.findByText("the page");
    expect(loaderRenders.count).toBe(0);
  });

  it("shows not-found at once for a screen the menu left out", async () => {
    loaderRenders.count = 0;
    // A user's menu has no Firmware (spec §2).
    renderInAdmin(<AfterTheMenu asked={MENU} />, { role: "User", path: "/firmware" });
    await screen.findByText("Page not found.");
    expect(loaderRenders.count).toBe(0);
    expect(screen.queryByText("the page")).toBeNull();
  });

  it("opens a screen the menu did not ask about without a loader too, answered by the console's own rules", async () => {
    loaderRenders.count = 0;
    renderInAdmin(<AfterTheMenu asked={[]} />, { role: "SuperAdmin", path: "/payments" });
    await screen.findByText("the page");
    expect(loaderRenders.count).toBe(0);
  });

  it("asks the access rules itself for a screen the menu did not ask about", async () => {
    const { authProvider } = createConsoleProviders({ storage: window.localStorage });
    const asked: string[] = [];
    const canAccess = authProvider.canAccess!.bind(authProvider);
    authProvider.canAccess = (params) => {
      asked.push(params.resource);
      return canAccess(params);
    };
    renderInAdmin(<AfterTheMenu asked={MENU.filter((candidate) => candidate.path !== "/payments")} />, {
      role: "SuperAdmin",
      path: "/payments",
      providers: { authProvider },
    });
    await screen.findByText("the page");
    // Asked once, by the guard: the menu's answers did not hold it.
    expect(asked.filter((resource) => resource === "payments")).toHaveLength(1);
  });
});
