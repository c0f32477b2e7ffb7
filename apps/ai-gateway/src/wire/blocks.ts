import type { BlockStart, StopReason, StreamEvent, Usage } from '../canonical/types.js';
import type { SseFrame } from './sse.js';

/** Turns an upstream SSE stream into canonical events. */
export interface StreamDecoder {
  push(frame: SseFrame): StreamEvent[];
  /** Called at the end of the upstream body: closes what is open. */
  end(): StreamEvent[];
}

/** Turns canonical events into the client's SSE text. */
export interface StreamEncoder {
  encode(ev: StreamEvent): string;
}

/**
 * Keeps the canonical block numbering of a decoder: one open block at a time,
 * numbered from 0. `ensure` closes the open block when the next delta
 * belongs to another one.
 */
export class BlockTracker {
  index = -1;
  kind: BlockStart['type'] | undefined;
  key: string | undefined;
  started = false;
  finished = false;
  stop: StopReason | undefined;
  stopSequence: string | null | undefined;
  usage: Usage = { input: 0, output: 0 };

  ensure(block: BlockStart, key?: string): StreamEvent[] {
    if (this.kind === block.type && this.key === key) return [];
    const out = this.close();
    this.index++;
    this.kind = block.type;
    this.key = key;
    out.push({ type: 'block_start', index: this.index, block });
    return out;
  }

  close(): StreamEvent[] {
    if (this.kind === undefined) return [];
    this.kind = undefined;
    this.key = undefined;
    return [{ type: 'block_stop', index: this.index }];
  }

  finish(fallback: StopReason = 'end'): StreamEvent[] {
    if (this.finished) return [];
    this.finished = true;
    return [...this.close(), { type: 'finish', stopReason: this.stop ?? fallback, stopSequence: this.stopSequence ?? null, usage: this.usage }];
  }
}
