/**
 * The one way the service asks what time it is for the lifecycle (spec §4, §9: past due after 7
 * days, 21 days of grace, 15 days to recover), so tests can move time across those boundaries
 * without waiting. Database defaults (`created_at`) keep the database's own clock.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand: starts at `start`, moves only when told. */
export function movableClock(start: Date = new Date()): Clock & { set(at: Date): void; advance(ms: number): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = at.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
