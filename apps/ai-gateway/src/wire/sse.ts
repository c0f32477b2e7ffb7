/** One server-sent event: its `event:` name (if any), its joined `data:` lines and the raw text. */
export interface SseFrame {
  event?: string;
  data: string;
  raw: string;
}

/**
 * Incremental SSE parser (WHATWG rules that matter here: `\n`, `\r\n` or `\r`
 * line ends, blank line ends a frame, `:` comments ignored, multi-line data
 * joined by `\n`).
 */
export class SseParser {
  private buf = '';
  private readonly decoder = new TextDecoder();

  push(chunk: Uint8Array | string): SseFrame[] {
    this.buf += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    const frames: SseFrame[] = [];
    for (;;) {
      const m = /\r\n\r\n|\n\n|\r\r/.exec(this.buf);
      if (!m) break;
      const raw = this.buf.slice(0, m.index);
      this.buf = this.buf.slice(m.index + m[0].length);
      const frame = parseFrame(raw);
      if (frame) frames.push(frame);
    }
    return frames;
  }

  /** The last frame when the stream ended without a blank line. */
  end(): SseFrame[] {
    const rest = this.buf + this.decoder.decode();
    this.buf = '';
    const f = rest.trim() ? parseFrame(rest) : undefined;
    return f ? [f] : [];
  }
}

function parseFrame(raw: string): SseFrame | undefined {
  let event: string | undefined;
  const data: string[] = [];
  for (const line of raw.split(/\r\n|\n|\r/)) {
    if (!line || line.startsWith(':')) continue;
    const i = line.indexOf(':');
    const field = i < 0 ? line : line.slice(0, i);
    let value = i < 0 ? '' : line.slice(i + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (!data.length && !event) return undefined;
  return { event, data: data.join('\n'), raw: `${raw}\n\n` };
}

export const sseFrame = (data: unknown, event?: string): string =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

export function parseJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
