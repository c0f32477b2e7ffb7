/**
 * Messages between `pnpm start` (the supervisor) and each component's own
 * process (scripts/start-component.ts), over Node's IPC channel. Every
 * message carries `lk: 1` so that other users of the channel are ignored.
 */
import type { PortName } from './types.js';

/** Supervisor → component. */
export type ToComponent =
  | {
      lk: 1;
      type: 'launch';
      app: string;
      ports: Record<PortName, number>;
      urls: Record<PortName, string>;
      root: string;
      stateDir: string;
      redisUrl?: string;
      /** Values earlier components published (`ctx.shared`), JSON. */
      shared: Record<string, unknown>;
      /** The development secrets known so far. */
      secrets: Record<string, string>;
    }
  | { lk: 1; type: 'database'; id: number; url?: string; error?: string }
  | { lk: 1; type: 'stop' };

/** Component → supervisor. */
export type FromComponent =
  | { lk: 1; type: 'database'; id: number; name: string }
  | { lk: 1; type: 'secret'; name: string; value: string }
  | { lk: 1; type: 'shared'; key: string; value: unknown }
  | { lk: 1; type: 'ready'; name: string; url?: string; lines?: string[] }
  | { lk: 1; type: 'failed'; error: string };

export function isLauncherMessage<T extends { lk: 1 }>(msg: unknown): msg is T {
  return typeof msg === 'object' && msg !== null && (msg as { lk?: unknown }).lk === 1;
}
