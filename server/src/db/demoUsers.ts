import type { Role } from "../../../src/api/types";

/** The password of every demo sign-in. */
export const DEMO_PASSWORD = "demo1234";

export interface DemoUser {
  email: string;
  password: string;
  role: Role;
  /** What this sign-in demonstrates. */
  description: string;
}

/**
 * The seeded sign-ins, one per role and one per subscription state. `npm start` prints them and
 * the end-to-end tests sign in with them; seed.ts creates exactly these users (and a few more).
 */
export const DEMO_USERS = [
  {
    email: "superadmin@example.com",
    password: DEMO_PASSWORD,
    role: "SuperAdmin",
    description: "Super admin, Gemtest HQ",
  },
  {
    email: "admin@example.com",
    password: DEMO_PASSWORD,
    role: "Admin",
    description: "Admin, Brilliant Gems Ltd (active)",
  },
  {
    email: "manager@example.com",
    password: DEMO_PASSWORD,
    role: "Manager",
    description: "Manager and business owner, Brilliant Gems Ltd",
  },
  { email: "user@example.com", password: DEMO_PASSWORD, role: "User", description: "User, Brilliant Gems Ltd" },
  {
    email: "pastdue@example.com",
    password: DEMO_PASSWORD,
    role: "Admin",
    description: "Admin, Lapis Traders (subscription past due)",
  },
  {
    email: "inactive@example.com",
    password: DEMO_PASSWORD,
    role: "Admin",
    description: "Admin, Obsidian & Co (subscription inactive)",
  },
] as const satisfies readonly DemoUser[];
