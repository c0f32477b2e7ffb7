import type { Command } from 'commander';

/**
 * Finds `parent`'s subcommand `name`, creating it (with `description`) when
 * missing: command groups such as `host` are shared between command files.
 */
export function group(parent: Command, name: string, description: string): Command {
  return parent.commands.find((c) => c.name() === name) ?? parent.command(name).description(description);
}
