import { beforeEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import type { User } from "../../src/api/resources";
import type { ApiUser } from "../../src/api/types";
import { DEFAULT_PREFERENCES, type UserPreferences } from "../../src/api/userSettings";
import { STORAGE_KEYS } from "../../src/config";
import { AVATAR_URL, CONTRACT, USER_PREFERENCES, USER_RECORD } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { reply, server, userFor } from "./harness/server";

/**
 * /user-settings (spec §2: everyone): the sections over msw answering from the contract
 * (tests/fixtures/contract.ts "userSettings", which the service tests assert), and the preferences
 * taking effect: the theme, the sidebar at sign-in, the lists' page size.
 */
interface Db {
  preferences: UserPreferences;
  puts: unknown[];
  passwordPosts: Record<string, unknown>[];
  avatarPosts: FormData[];
  avatarDeletes: number;
  user: User;
  userPuts: unknown[];
}
let db: Db;

function serve(role: "User" | "Admin" = "User") {
  db.user = { ...USER_RECORD, ...userFor(role), version: 4 };
  server.use(
    http.get("*/api/users/me/preferences", () => reply(CONTRACT.userSettings.preferences, db.preferences)),
    http.put("*/api/users/me/preferences", async ({ request }) => {
      const body = (await request.json()) as { version: number } & Partial<UserPreferences>;
      db.puts.push(body);
      if (body.version !== db.preferences.version) {
        return reply(CONTRACT.userSettings.changedElsewhere, {
          ...CONTRACT.userSettings.changedElsewhere.body,
          current: db.preferences,
        });
      }
      const { version, emailNotifications, ...rest } = body;
      db.preferences = {
        ...db.preferences,
        ...rest,
        emailNotifications: { ...db.preferences.emailNotifications, ...emailNotifications },
        version: version + 1,
      };
      return reply(CONTRACT.userSettings.preferences, db.preferences);
    }),
    http.post("*/api/users/me/password", async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      db.passwordPosts.push(body);
      if (body.currentPassword !== "demo1234") return reply(CONTRACT.userSettings.wrongCurrentPassword);
      return reply(CONTRACT.userSettings.passwordChanged, { signedOutSessions: 2 });
    }),
    http.post("*/api/users/me/avatar", async ({ request }) => {
      db.avatarPosts.push(await request.formData());
      db.user = { ...db.user, avatar: AVATAR_URL };
      return reply(CONTRACT.userSettings.avatarUploaded, { ...userFor(role), avatar: AVATAR_URL });
    }),
    http.delete("*/api/users/me/avatar", () => {
      db.avatarDeletes += 1;
      db.user = { ...db.user, avatar: null };
      return reply(CONTRACT.userSettings.avatarRemoved, userFor(role));
    }),
    http.get(`*/api/users/user-${role}`, () => reply(CONTRACT.currentUser.ok, db.user)),
    http.put(`*/api/users/user-${role}`, async ({ request }) => {
      const body = (await request.json()) as { version: number; firstName: string; lastName: string };
      db.userPuts.push(body);
      db.user = { ...db.user, firstName: body.firstName, lastName: body.lastName, version: body.version + 1 };
      return HttpResponse.json(db.user);
    }),
    // The avatar image itself (the app bar and the page load it).
    http.get("*/api/users/:id/avatar/:key", () => new HttpResponse(new Uint8Array([0x89, 0x50]), { status: 200 })),
  );
}

beforeEach(() => {
  db = {
    preferences: structuredClone(DEFAULT_PREFERENCES) as UserPreferences,
    puts: [],
    passwordPosts: [],
    avatarPosts: [],
    avatarDeletes: 0,
    user: USER_RECORD,
    userPuts: [],
  };
});

const section = (name: string) => screen.getByRole("region", { name });
const storedTheme = () => JSON.parse(window.localStorage.getItem("RaStoreGemtest.theme") ?? "null") as unknown;

async function openSettings(role: "User" | "Admin" = "User") {
  serve(role);
  await renderConsole("/user-settings", { role });
  expect(await screen.findByRole("heading", { name: "User Settings" })).toBeInTheDocument();
  await screen.findByRole("region", { name: "Interface" });
}

describe("/user-settings: preferences", () => {
  it("shows the user's preferences and only the emails their role receives", async () => {
    db.preferences = structuredClone(USER_PREFERENCES);
    await openSettings("User");
    const ui = section("Interface");
    expect(within(ui).getByRole("radio", { name: "Dark" })).toBeChecked();
    expect(within(ui).getByRole("switch", { name: "Open the sidebar when I sign in" })).not.toBeChecked();
    expect(within(ui).getByRole("combobox", { name: "Rows per page" })).toHaveTextContent("50");

    const emails = section("Email notifications");
    expect(within(emails).getByText(/^The emails we send to/)).toBeInTheDocument();
    expect(within(emails).getByRole("switch", { name: "Weekly digest" })).not.toBeChecked();
    expect(within(emails).getByRole("switch", { name: "Lost devices" })).toBeChecked();
    expect(within(emails).queryByRole("switch", { name: "Payment receipts" })).not.toBeInTheDocument();
  });

  it("offers the payment emails to an admin", async () => {
    await openSettings("Admin");
    const emails = section("Email notifications");
    expect(within(emails).getByRole("switch", { name: "Payment receipts" })).toBeChecked();
    expect(within(emails).getByRole("switch", { name: "Failed payments" })).toBeChecked();
  });

  it("applies the stored theme and, at sign-in, the sidebar state, as soon as they are loaded", async () => {
    db.preferences = structuredClone(USER_PREFERENCES);
    await openSettings();
    await waitFor(() => expect(storedTheme()).toBe("dark"));
    expect(window.localStorage.getItem(STORAGE_KEYS.drawerOpen)).toBe("false");
  });

  it("saves the interface section on top of the loaded version; the theme changes at once", async () => {
    await openSettings();
    const ui = section("Interface");
    fireEvent.click(within(ui).getByRole("radio", { name: "Dark" }));
    fireEvent.click(within(ui).getByRole("switch", { name: "Open the sidebar when I sign in" }));
    fireEvent.mouseDown(within(ui).getByRole("combobox", { name: "Rows per page" }));
    fireEvent.click(await screen.findByRole("option", { name: "10" }));
    fireEvent.click(within(ui).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Interface preferences saved")).toBeInTheDocument();
    expect(db.puts).toEqual([{ version: 0, theme: "dark", sidebarOpen: false, rowsPerPage: 10 }]);
    await waitFor(() => expect(storedTheme()).toBe("dark"));
    // The sidebar closes now, as it will at the next sign-in.
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.drawerOpen)).toBe("false"));

    // The next section saves on top of the new version, not the one the page loaded with.
    const emails = section("Email notifications");
    fireEvent.click(within(emails).getByRole("switch", { name: "Weekly digest" }));
    fireEvent.click(within(emails).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Email notifications saved")).toBeInTheDocument();
    expect(db.puts[1]).toEqual({
      version: 1,
      emailNotifications: {
        "device-lost": true,
        "firmware-released": true,
        "test-shared": true,
        "weekly-digest": false,
      },
    });
  });

  it("keeps what is being changed in one section when another section is saved", async () => {
    await openSettings();
    const emails = section("Email notifications");
    fireEvent.click(within(emails).getByRole("switch", { name: "Weekly digest" }));
    const ui = section("Interface");
    fireEvent.click(within(ui).getByRole("radio", { name: "Dark" }));
    fireEvent.click(within(ui).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Interface preferences saved")).toBeInTheDocument();
    expect(within(section("Email notifications")).getByRole("switch", { name: "Weekly digest" })).not.toBeChecked();
  });

  it("says so when the preferences were changed elsewhere, and shows them as stored", async () => {
    await openSettings();
    // Another device saves meanwhile.
    db.preferences = { ...db.preferences, rowsPerPage: 50, version: 7 };
    const ui = section("Interface");
    fireEvent.click(within(ui).getByRole("radio", { name: "Dark" }));
    fireEvent.click(within(ui).getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText(/Your preferences were changed in another window or on another device/),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(ui).getByRole("combobox", { name: "Rows per page" })).toHaveTextContent("50"));
    expect(within(ui).getByRole("radio", { name: "Light" })).toBeChecked();
    expect(storedTheme()).not.toBe("dark");
  });

  it("gives lists the user's rows per page", async () => {
    db.preferences = { ...structuredClone(DEFAULT_PREFERENCES), rowsPerPage: 50, version: 2 };
    serve();
    const ranges: unknown[] = [];
    server.use(
      http.get("*/api/deleted-tests", ({ request }) => {
        ranges.push(JSON.parse(new URL(request.url).searchParams.get("range") ?? "null"));
        return HttpResponse.json([], { headers: { "Content-Range": "deleted-tests */0" } });
      }),
    );
    window.localStorage.setItem(
      "RaStoreGemtest.preferences",
      JSON.stringify({ ...db.preferences, userId: "user-User" }),
    );
    await renderConsole("/recover/tests", { role: "User" });
    await waitFor(() => expect(ranges).toContainEqual([0, 49]));
    expect(ranges).not.toContainEqual([0, 24]);
  });
});

describe("/user-settings: password", () => {
  const fill = (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(screen.getByLabelText(label, { selector: "input" }), { target: { value } });
    }
  };
  const submit = () => fireEvent.click(within(section("Password")).getByRole("button", { name: "Change password" }));

  it("checks the new password twice before sending anything", async () => {
    await openSettings();
    fill({ "Current password *": "demo1234", "New password *": "demo1234", "Confirm the new password *": "other" });
    submit();
    expect(await screen.findByText("Choose a password different from the current one.")).toBeInTheDocument();
    expect(screen.getByText("The passwords do not match.")).toBeInTheDocument();
    fill({ "New password *": "short", "Confirm the new password *": "short" });
    submit();
    // In the words of every password form (helper: "At least 8 characters.").
    expect(await screen.findByText("The password must be at least 8 characters long.")).toBeInTheDocument();
    expect(db.passwordPosts).toEqual([]);
  });

  it("shows a wrong current password under its field, and keeps what was typed", async () => {
    await openSettings();
    fill({
      "Current password *": "not it",
      "New password *": "a new passphrase",
      "Confirm the new password *": "a new passphrase",
    });
    submit();
    expect(await screen.findByText("The current password is incorrect.")).toBeInTheDocument();
    expect(screen.getByLabelText("New password *", { selector: "input" })).toHaveValue("a new passphrase");
  });

  it("changes it with this session's refresh token, says how many other sessions ended, and empties the form", async () => {
    await openSettings();
    fill({
      "Current password *": "demo1234",
      "New password *": "a new passphrase",
      "Confirm the new password *": "a new passphrase",
    });
    submit();
    expect(await screen.findByText("Password changed. 2 other sessions were signed out.")).toBeInTheDocument();
    const session = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userInfo)!) as { refreshToken: string };
    expect(db.passwordPosts).toEqual([
      { currentPassword: "demo1234", newPassword: "a new passphrase", refreshToken: session.refreshToken },
    ]);
    await waitFor(() => expect(screen.getByLabelText("Current password *", { selector: "input" })).toHaveValue(""));
  });
});

describe("/user-settings: profile", () => {
  const appBar = () => screen.getByRole("banner");

  it("uploads a chosen image after a round preview; the app bar shows it; removing brings the initials back", async () => {
    await openSettings();
    const user = userEvent.setup();
    const profile = section("Profile");
    expect(within(profile).queryByRole("button", { name: "Save photo" })).not.toBeInTheDocument();
    const input = profile.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "me.png", { type: "image/png" }));
    expect(await within(profile).findByRole("img", { name: "me.png" })).toBeInTheDocument();
    fireEvent.click(within(profile).getByRole("button", { name: "Save photo" }));

    expect(await screen.findByText("Photo saved")).toBeInTheDocument();
    // The image goes in the field "file" (jsdom's FormData does not keep the file's name through msw).
    expect(typeof db.avatarPosts[0]!.get("file")).toBe("object");
    // (The top bar's avatar is hidden from screen readers: the profile button says the name.)
    await waitFor(() =>
      expect(within(appBar()).getByRole("img", { name: "Ada User", hidden: true })).toHaveAttribute("src", AVATAR_URL),
    );

    fireEvent.click(await within(profile).findByRole("button", { name: "Remove photo" }));
    expect(await screen.findByText("Photo removed: your initials are shown instead")).toBeInTheDocument();
    expect(db.avatarDeletes).toBe(1);
    await waitFor(() =>
      expect(within(appBar()).queryByRole("img", { name: "Ada User", hidden: true })).not.toBeInTheDocument(),
    );
    expect(within(profile).getByText("AU")).toBeInTheDocument();
  });

  it("refuses an image of another type or over 2 MB before sending it", async () => {
    await openSettings();
    const user = userEvent.setup({ applyAccept: false });
    const input = section("Profile").querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(["GIF89a"], "me.gif", { type: "image/gif" }));
    expect(await screen.findByText("Choose a JPG or PNG image.")).toBeInTheDocument();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    await user.upload(input, big);
    expect(await screen.findByText("The image is too large: the limit is 2 MB.")).toBeInTheDocument();
    expect(db.avatarPosts).toEqual([]);
  });

  it("saves the name with the record's version; the app bar's initials follow", async () => {
    await openSettings();
    const profile = section("Profile");
    const first = await within(profile).findByLabelText("First name *");
    await waitFor(() => expect(first).toHaveValue("Ada"));
    fireEvent.change(first, { target: { value: "Zoe" } });
    fireEvent.click(within(profile).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(db.userPuts).toEqual([{ version: 4, firstName: "Zoe", lastName: "User" }]));
    await waitFor(() => expect(within(appBar()).getByText("ZU")).toBeInTheDocument());
    const session = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userInfo)!) as ApiUser;
    expect(session.firstName).toBe("Zoe");
  });
});
