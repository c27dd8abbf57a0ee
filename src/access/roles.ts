import type { Role } from "../api/types";

/** The access tokens of spec §6: the four user roles plus the two pseudo-roles. */
export type AccessRole = Role | "All" | "Guest";

/**
 * Spec §6: a check passes if the allowed list contains the user's role, All, or Guest.
 * A signed-out visitor has no role and passes only lists that say All or Guest.
 */
export function canAccessRoles(allowed: readonly AccessRole[], role: Role | null | undefined): boolean {
  if (allowed.includes("All") || allowed.includes("Guest")) return true;
  return role != null && allowed.includes(role);
}
