/**
 * The signed-in user is asked for once (issue 13): each page a user opens mounts new readers of the
 * identity, and each used to ask again, drawing every reader twice. A change of session asks again.
 */
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { STORAGE_KEYS } from "../../src/config";
import { SessionSync, useCurrentUser } from "../../src/authProvider/useCurrentUser";
import { createConsoleProviders } from "../../src/providers";
import { renderInAdmin } from "./harness/renderInAdmin";

function Reader({ n }: { n: number }) {
  const user = useCurrentUser();
  return <p>{user ? `reader ${n}: ${user.fullName}` : `reader ${n} waiting`}</p>;
}

/** Readers mounted one after the other, as pages are opened. */
function Pages() {
  const [pages, setPages] = useState(1);
  return (
    <>
      <SessionSync />
      {Array.from({ length: pages }, (_, n) => (
        <Reader key={n} n={n} />
      ))}
      <button onClick={() => setPages(pages + 1)}>open a page</button>
    </>
  );
}

function countedIdentity() {
  const { authProvider } = createConsoleProviders({ storage: window.localStorage });
  const getIdentity = authProvider.getIdentity!.bind(authProvider);
  const asked = { count: 0 };
  authProvider.getIdentity = (params) => {
    asked.count++;
    return getIdentity(params);
  };
  return { authProvider, asked };
}

describe("the signed-in user", () => {
  it("is asked for once, however many pages then read it", async () => {
    const { authProvider, asked } = countedIdentity();
    renderInAdmin(<Pages />, { role: "SuperAdmin", providers: { authProvider } });
    await screen.findByText(/^reader 0: /);
    for (let page = 1; page <= 3; page++) {
      fireEvent.click(screen.getByRole("button", { name: "open a page" }));
      await screen.findByText(new RegExp(`^reader ${page}: `));
    }
    expect(asked.count).toBe(1);
  });

  it("is asked for again when the session changes (the user's own record refreshed)", async () => {
    const { authProvider, asked } = countedIdentity();
    const listeners: (() => void)[] = [];
    const subscribe = authProvider.subscribe.bind(authProvider);
    authProvider.subscribe = (listener) => {
      listeners.push(listener);
      return subscribe(listener);
    };
    renderInAdmin(<Pages />, { role: "SuperAdmin", providers: { authProvider } });
    await screen.findByText(/^reader 0: /);
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userInfo)!) as Record<string, unknown>;
    window.localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ ...stored, firstName: "Renamed" }));
    listeners.forEach((listener) => listener());
    expect(await screen.findByText(/^reader 0: Renamed /)).toBeInTheDocument();
    expect(asked.count).toBe(2);
  });
});
