#!/usr/bin/env node
/**
 * `latchkey`: the operator command line of Latchkey. Every command has
 * `--help`; every command that prints data has `--json`.
 * Exit codes: 0 ok, 1 refused by the service, 2 bad usage or configuration,
 * 3 service unreachable.
 */
import { Command, CommanderError } from 'commander';
import { CliError } from './client.js';
import { register as registerHostApps } from './commands/host-apps.js';
import { register as registerHostDb } from './commands/host-db.js';
import { register as registerGateway } from './commands/gateway.js';
import { register as registerStrategy } from './commands/strategy.js';
import { register as registerOrg } from './commands/org.js';

export function buildProgram(): Command {
  const program = new Command('latchkey')
    .description('Operate Latchkey: hosted apps, organisation members, app sign-in, strategy API keys and credits, AI gateway keys.')
    .version('0.1.0')
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText(
      'after',
      `
Environment:
  LATCHKEY_ADMIN_TOKEN   operator token of the deployment (required)
  LATCHKEY_AUTH_URL      auth-central admin address   (default http://localhost:4101)
  LATCHKEY_SIGNIN_URL    app-signin admin address     (default http://localhost:4102)
  LATCHKEY_STRATEGY_URL  strategy admin address       (default http://localhost:4103)
  LATCHKEY_GATEWAY_URL   ai-gateway admin address     (default http://localhost:4104)`,
    );
  program.exitOverride();
  registerHostApps(program);
  registerHostDb(program);
  registerGateway(program);
  registerStrategy(program);
  registerOrg(program);
  return program;
}

async function main(argv: string[]) {
  try {
    await buildProgram().parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      process.exit(err.exitCode === 0 ? 0 : 2);
    }
    if (err instanceof CliError) {
      process.stderr.write(`error: ${err.message}\n`);
      process.exit(err.exitCode);
    }
    process.stderr.write(`error: ${(err as Error).message}\n`);
    process.exit(1);
  }
}

const isMain = process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL((await import('node:fs')).realpathSync(process.argv[1])).href;
if (isMain) await main(process.argv);
