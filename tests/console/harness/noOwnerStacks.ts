import * as React from "react";

type Internals = { recentlyCreatedOwnerStacks: number };

/** The bound React's development build puts on the owner stacks it captures between two renders. */
const OWNER_STACK_LIMIT = 1e4;

/**
 * React's development build captures an Error for every element it creates (the "owner stack" its
 * warnings print), up to 10,000 between two renders; in the console tests that was ~12 CPU-s of
 * stack captures, none of which a test reads. Pinning React's own counter at that bound makes every
 * element take the path React already takes past it: the element keeps a shared "unknown owner"
 * stack, and rendering, effects and warnings are otherwise the same.
 */
export function skipOwnerStacks(): void {
  const internals = (React as unknown as { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE: Internals })
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  Object.defineProperty(internals, "recentlyCreatedOwnerStacks", {
    get: () => OWNER_STACK_LIMIT,
    set: () => undefined,
    configurable: true,
  });
}
