/**
 * Waiting for a condition instead of sleeping a fixed time (CONTRIBUTING.md: tests wait for what
 * they need, never for a number of milliseconds).
 */

/**
 * Calls `probe` every `intervalMs` (default 50 ms) until `ok(value)` holds and returns that value.
 * A probe that throws counts as "not yet" (a server still starting).
 * @throws Error naming `what` and the last value or error, after `timeoutMs` (default 20 s).
 */
export async function pollUntil<T>(
  what: string,
  probe: () => T | Promise<T>,
  ok: (value: T) => boolean = (value) => Boolean(value),
  opts: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let last: string;
    try {
      const value = await probe();
      if (ok(value)) return value;
      last = JSON.stringify(value)?.slice(0, 300) ?? String(value);
    } catch (err) {
      last = (err as Error).message;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${last})`);
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 50));
  }
}

/** Polls `check` every 50 ms until it is true. @throws Error naming `what` after `timeoutMs` (default 20 s). */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  await pollUntil(what, check, (v) => v, { timeoutMs });
}
