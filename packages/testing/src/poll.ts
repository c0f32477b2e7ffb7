/**
 * Waiting for a condition instead of sleeping a fixed time (CONTRIBUTING.md: tests wait for what
 * they need, never for a number of milliseconds), and stopping the processes a test started.
 */
import type { ChildProcess } from 'node:child_process';

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
    let last: { value: unknown } | { error: Error };
    try {
      const value = await probe();
      if (ok(value)) return value;
      last = { value };
    } catch (err) {
      last = { error: err as Error };
    }
    if (Date.now() > deadline) {
      const seen = 'error' in last ? last.error.message : (JSON.stringify(last.value)?.slice(0, 300) ?? String(last.value));
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${seen})`);
    }
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 50));
  }
}

/** Polls `check` every 50 ms until it is true. @throws Error naming `what` after `timeoutMs` (default 20 s). */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  await pollUntil(what, check, (v) => v, { timeoutMs });
}

/**
 * Stops a child process: SIGTERM, then SIGKILL after `graceMs` (default 5 s) if it is still running.
 * Resolves when it has exited (at once when it already had).
 */
export function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
  });
}
