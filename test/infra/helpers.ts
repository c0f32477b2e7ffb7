/** Small helpers of the repository-level tests. */
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A TCP port that was free a moment ago (for programs that cannot take port 0): `@latchkey/testing`'s. */
export { freePort } from '@latchkey/testing';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP/1.1 request with full control of the path (no normalisation) and of `Host`. */
export function send(opts: {
  port: number;
  path: string;
  method?: string;
  host?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const req = http.request(
      {
        host: '127.0.0.1',
        port: opts.port,
        path: opts.path,
        method: opts.method ?? 'GET',
        headers: { ...(opts.host ? { host: opts.host } : {}), ...opts.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          settled = true;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', (err) => !settled && reject(err));
      },
    );
    // nginx may answer 413 and close before the whole body is written: the answer counts.
    req.on('error', (err) => {
      if (!settled) setTimeout(() => !settled && reject(err), 200);
    });
    req.end(opts.body);
  });
}

/** What a stub upstream saw. */
export interface SeenRequest {
  upstream: string;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyLength: number;
}

export interface StubUpstream {
  name: string;
  port: number;
  seen: SeenRequest[];
  /** Ends the open `/sse` streams. */
  releaseStreams(): void;
  close(): Promise<void>;
}

/**
 * An HTTP server that answers every request with JSON describing it, except
 * `/sse`: an event stream whose first event is sent at once and whose end
 * waits for `releaseStreams()` (so a buffering proxy would hold everything).
 */
export async function startStubUpstream(name: string): Promise<StubUpstream> {
  const seen: SeenRequest[] = [];
  let release: () => void = () => {};
  let released = new Promise<void>((r) => (release = r));
  const server: Server = http.createServer((req, res) => {
    let bodyLength = 0;
    req.on('data', (c: Buffer) => (bodyLength += c.length));
    req.on('end', () => {
      const entry: SeenRequest = { upstream: name, method: req.method ?? '', url: req.url ?? '', headers: req.headers, bodyLength };
      seen.push(entry);
      if ((req.url ?? '').split('?')[0] === '/sse') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write('data: first\n\n');
        const safety = setTimeout(release, 8000);
        void released.then(() => {
          clearTimeout(safety);
          res.end('data: last\n\n');
        });
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(entry));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    name,
    port: (server.address() as AddressInfo).port,
    seen,
    releaseStreams() {
      release();
      released = new Promise<void>((r) => (release = r));
    },
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
