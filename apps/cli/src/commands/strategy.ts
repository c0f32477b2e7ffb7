import type { Command } from 'commander';

/** Registers the `strategy` commands (filled in by the service that owns them). */
export function register(_program: Command): void {}
