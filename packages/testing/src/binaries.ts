import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Full path of an executable on the PATH (or in /usr/sbin), or null. */
export function findExecutable(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/bin', '/sbin'];
  for (const dir of dirs) {
    const p = join(dir, name);
    if (dir && existsSync(p)) return p;
  }
  return null;
}

/**
 * `describe` when `binary` exists, else `describe.skip` with a one-line note
 * (naming `install`, e.g. `apt-get install oathtool`, when given); with
 * `LATCHKEY_REQUIRE_SERVICES=1` a missing binary fails instead of skipping.
 */
export function describeWithBinary(binary: string, install?: string): jest.Describe {
  const found = findExecutable(binary);
  if (found) return describe;
  if (process.env.LATCHKEY_REQUIRE_SERVICES === '1') {
    throw new Error(`LATCHKEY_REQUIRE_SERVICES=1 but ${binary} is not installed${install ? ` (${install})` : ''}`);
  }
  console.warn(`${binary} is not installed${install ? ` (${install})` : ''}: skipping the tests that need it`);
  return describe.skip;
}
