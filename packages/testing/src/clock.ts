/**
 * A controllable clock for tests of expiry rules. Code under test takes a
 * `now(): number` (epoch milliseconds) dependency; tests pass `clock.now`.
 */
export interface TestClock {
  now: () => number;
  /** Moves time forward by `ms` milliseconds. */
  advance(ms: number): void;
  set(epochMs: number): void;
}

export function createTestClock(start = Date.UTC(2026, 0, 1)): TestClock {
  let t = start;
  return {
    now: () => t,
    advance(ms) {
      t += ms;
    },
    set(epochMs) {
      t = epochMs;
    },
  };
}
