/**
 * Relays a provider's stream to the caller in the route's framing: passed
 * through frame by frame (only `model` rewritten) when route and provider
 * speak the same format, else decoded to canonical events and encoded again.
 * Learns usage, provider model and failures on the way; a provider that fails
 * mid-stream ends it with the format's own error event, a caller that hangs
 * up cancels the provider call (both charged what was streamed so far).
 */
import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici';
import { isObj, type CanonicalRequest, type StreamEvent } from '../canonical/types.js';
import { streamDecoder, type UpstreamPlan } from '../providers/upstream.js';
import type { StreamEncoder } from '../wire/blocks.js';
import { withModel } from '../wire/model-field.js';
import { parseJson, SseParser } from '../wire/sse.js';
import type { Call } from './call.js';

/** A provider's streamed answer, ready to relay. */
export interface UpstreamStream {
  /** The provider's response (status already checked). */
  up: Dispatcher.ResponseData;
  plan: Pick<UpstreamPlan, 'format' | 'passthrough'>;
  canon: CanonicalRequest;
  /** The route's encoder (used when not passed through, and for a mid-stream error). */
  encoder: StreamEncoder;
  /** Rate-limit and provider-model headers of the answer. */
  headers: Record<string, string>;
  /** Aborted when the caller hangs up. */
  signal: AbortSignal;
}

/**
 * Relays `stream` to `call`'s response and ends it; sets the call's status (200, 502 on a provider
 * failure, 499 when the caller hung up), usage and provider model. Never throws.
 */
export function relayStream(call: Call, stream: UpstreamStream): Promise<void> {
  return new StreamRelay(call, stream).run();
}

class StreamRelay {
  private readonly passthrough: boolean;
  private streamedChars = 0;
  private finished = false;
  private failed = false;
  /** The body bytes have started to leave (the headers left with them). */
  private wrote = false;
  /** Everything one upstream chunk produces goes out in one write (a write is a system call). */
  private out = '';

  constructor(
    private readonly call: Call,
    private readonly s: UpstreamStream,
  ) {
    this.passthrough = s.plan.passthrough;
  }

  async run(): Promise<void> {
    const { call, s } = this;
    const res = call.res;
    const decoder = streamDecoder(s.plan.format);
    const parser = new SseParser();
    const headersAt = performance.now();
    call.status = 200;
    res.writeHead(200, {
      ...s.headers,
      'content-type': 'text/event-stream; charset=utf-8',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-latchkey-overhead-ms': (call.upstreamStartedAt - call.startedAt + (performance.now() - headersAt)).toFixed(3),
    });
    // The headers leave with the first body bytes (one write) when those are already in, else on the next turn of the loop.
    const headersTimer = setImmediate(() => {
      if (!this.wrote && !res.destroyed) res.flushHeaders();
    });
    try {
      for await (const chunk of s.up.body) {
        for (const frame of parser.push(chunk as Buffer)) this.handle(decoder.push(frame), frame.raw);
        await this.flush();
        if (res.destroyed) break;
      }
      for (const frame of parser.end()) this.handle(decoder.push(frame), frame.raw);
      if (!this.finished && !this.failed) {
        if (this.passthrough && s.plan.format !== 'gemini') {
          // A native stream that ends without its final event was cut upstream.
          throw new Error('stream ended early');
        }
        this.handle(decoder.end(), undefined);
      }
    } catch (err) {
      if (s.signal.aborted || res.destroyed) {
        // The caller hung up: the upstream call is cancelled; charge what it cost so far.
        call.status = 499;
        call.usage = { input: call.estimate, output: Math.ceil(this.streamedChars / 4) };
      } else if (!this.failed) {
        this.failed = true;
        call.status = 502;
        call.usage = { input: call.estimate, output: Math.ceil(this.streamedChars / 4) };
        call.ctx.logger.warn({ requestId: call.id, provider: call.provider, err: (err as Error).message }, 'provider stream failed');
        this.out += s.encoder.encode({ type: 'error', message: `Provider ${call.provider} failed during the stream.`, status: 502 });
      }
    }
    clearImmediate(headersTimer);
    if (this.failed && !call.usage) call.usage = { input: call.estimate, output: Math.ceil(this.streamedChars / 4) };
    call.upstreamMs = performance.now() - call.upstreamStartedAt;
    if (!res.destroyed) {
      call.recordUsage();
      if (this.out) res.end(this.out);
      else res.end();
    }
  }

  private async flush(): Promise<void> {
    const res = this.call.res;
    if (!this.out || res.destroyed) return;
    const s = this.out;
    this.out = '';
    this.wrote = true;
    if (!res.write(s)) {
      await new Promise<void>((r) => {
        res.once('drain', r);
        res.once('close', r);
      });
    }
  }

  private handle(events: StreamEvent[], raw: string | undefined): void {
    const { call, s } = this;
    let forward = raw;
    for (const ev of events) {
      if (ev.type === 'text_delta' || ev.type === 'thinking_delta') this.streamedChars += ev.text.length;
      else if (ev.type === 'args_delta') this.streamedChars += ev.json.length;
      else if (ev.type === 'start') {
        if (ev.model) call.providerModel = ev.model;
      } else if (ev.type === 'finish') {
        this.finished = true;
        call.usage = ev.usage;
      } else if (ev.type === 'error') {
        this.failed = true;
        call.status = 502;
      }
      if (!this.passthrough) this.out += s.encoder.encode(ev);
    }
    if (this.passthrough && forward !== undefined) {
      // The usage-only chunk forced upstream is kept only when the caller asked for it.
      if (s.plan.format === 'chat' && !s.canon.includeUsage && forward.includes('"choices":[]')) {
        const j = parseJson(forward.slice(forward.indexOf('data:') + 5).trim());
        if (isObj(j) && Array.isArray(j.choices) && j.choices.length === 0) forward = undefined;
      }
      if (forward !== undefined) this.out += forward.includes('"model":"') ? withModel(forward, call.model!) : forward;
    }
  }
}
