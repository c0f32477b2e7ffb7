import { Writable } from 'node:stream';

/** A pino destination that keeps every line, for tests that inspect logs. */
export function captureLogs(): { stream: Writable; lines: string[]; text(): string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { stream, lines, text: () => lines.join('') };
}
