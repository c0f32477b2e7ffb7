/** Prints `data` as JSON with `--json`, else through `human`. */
export function print(json: boolean, data: unknown, human: () => void): void {
  if (json) process.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
  else human();
}

/** A plain table: columns padded to their widest cell. */
export function table(rows: Array<Record<string, unknown>>, columns: string[]): string {
  const cells = rows.map((r) =>
    columns.map((c) => (r[c] === undefined || r[c] === null ? '' : Array.isArray(r[c]) ? (r[c] as unknown[]).join(',') : String(r[c]))),
  );
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (vals: string[]) =>
    vals
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.toUpperCase())), ...cells.map(line)].join('\n');
}

/**
 * A spinner on stderr for slow operations (only on a TTY; silent with --json
 * or in pipes, so scripts see clean output).
 */
export async function withSpinner<T>(label: string, enabled: boolean, fn: () => Promise<T>): Promise<T> {
  if (!enabled || !process.stderr.isTTY) return fn();
  const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
  let i = 0;
  const timer = setInterval(() => process.stderr.write(`\r${frames[i++ % frames.length]} ${label}`), 80);
  try {
    return await fn();
  } finally {
    clearInterval(timer);
    process.stderr.write('\r\x1b[2K');
  }
}
