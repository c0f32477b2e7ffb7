/**
 * The production edge follows services whose addresses change (containers
 * recreated by `docker compose up -d`): real nginx, the shipped templates,
 * a stub DNS server standing in for Docker's embedded resolver, and its
 * health (`/edge/upstreams/*`) reports what it can reach now. Also: the
 * configuration compose renders passes `nginx -t` although the service
 * names do not resolve here (nothing is resolved at start).
 */
import { spawnSync } from 'node:child_process';
import dgram from 'node:dgram';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { describeWithBinary, findExecutable, pollUntil } from '@latchkey/testing';
import { developmentVariables, startEdge, writeEdgeConfig, type EdgeVariables, type RunningEdge } from '../../infra/nginx/edge.js';
import { freePort, send } from './helpers.js';
import { composeConfig } from './compose-config.js';

const NAME = 'svc.latchkey.test';

/** A DNS server answering A queries for NAME with `address.current` (nothing for other names). */
async function startDnsStub(address: { current: string }): Promise<{ port: number; queries: number; close(): Promise<void> }> {
  const socket = dgram.createSocket('udp4');
  const state = { port: 0, queries: 0, close: () => new Promise<void>((r) => socket.close(() => r())) };
  socket.on('message', (msg, rinfo) => {
    state.queries++;
    // Question name: labels from byte 12 to the zero byte, then type and class.
    let i = 12;
    const labels: string[] = [];
    while (msg[i]! !== 0) {
      labels.push(msg.subarray(i + 1, i + 1 + msg[i]!).toString());
      i += msg[i]! + 1;
    }
    const qtype = msg.readUInt16BE(i + 1);
    const question = msg.subarray(12, i + 5);
    const found = labels.join('.').toLowerCase() === NAME && qtype === 1;
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // id
    header.writeUInt16BE(found ? 0x8180 : 0x8183, 2); // response, recursion; NXDOMAIN when not found
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(found ? 1 : 0, 6);
    const answer = Buffer.alloc(16);
    if (found) {
      answer.writeUInt16BE(0xc00c, 0); // name: pointer to the question
      answer.writeUInt16BE(1, 2); // A
      answer.writeUInt16BE(1, 4); // IN
      answer.writeUInt32BE(1, 6); // TTL 1 s (nginx's valid= decides)
      answer.writeUInt16BE(4, 10);
      address.current.split('.').forEach((b, k) => answer.writeUInt8(Number(b), 12 + k));
    }
    socket.send(Buffer.concat([header, question, found ? answer : Buffer.alloc(0)]), rinfo.port, rinfo.address);
  });
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
  state.port = (socket.address() as AddressInfo).port;
  return state;
}

/** An HTTP server on host:port that answers its name. */
async function startNamed(host: string, port: number, name: string): Promise<http.Server> {
  const server = http.createServer((_req, res) => res.end(name));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

describeWithBinary('nginx')('edge: re-resolution and upstream health', () => {
  let dir: string;
  let edge: RunningEdge;
  let edgePort: number;
  let dns: Awaited<ReturnType<typeof startDnsStub>>;
  const address = { current: '127.0.0.1' };
  const servers: http.Server[] = [];
  const AUTH_HOST = 'auth.latchkey.test';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'latchkey-edge-resolve-'));
    dns = await startDnsStub(address);
    const port = await freePort();
    // Two "containers" of the same service: same port, different addresses (the whole 127/8 is loopback).
    servers.push(await startNamed('127.0.0.1', port, 'first'));
    servers.push(await startNamed('127.0.0.2', port, 'second'));
    edgePort = await freePort();
    const upstream = `${NAME}:${port}`;
    const vars: EdgeVariables = {
      ...developmentVariables({ edge: edgePort, auth: 1, signin: 1, strategy: 1, gateway: 1 }, path.join(dir, 'access.log')),
      LATCHKEY_FORWARDED_PROTO: 'https',
      LATCHKEY_RESOLVER: `127.0.0.1:${dns.port}`,
      LATCHKEY_AUTH_UPSTREAM: upstream,
      LATCHKEY_SIGNIN_UPSTREAM: upstream,
      LATCHKEY_STRATEGY_UPSTREAM: upstream,
      LATCHKEY_AI_UPSTREAM: upstream,
      LATCHKEY_AUTH_HOST: AUTH_HOST,
      LATCHKEY_SIGNIN_HOST: 'signin.latchkey.test',
      LATCHKEY_STRATEGY_HOST: 'api.latchkey.test',
      LATCHKEY_AI_HOST: 'ai.latchkey.test',
    };
    edge = await startEdge({ nginx: findExecutable('nginx')!, dir, mode: 'production', vars });
  });

  afterAll(async () => {
    await edge?.stop();
    await dns?.close();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const viaEdge = async () => (await send({ port: edgePort, path: '/context/auth/validate', host: AUTH_HOST })).body;
  const upstreamHealth = async () => {
    const out: Record<string, number> = {};
    for (const u of ['auth', 'signin', 'strategy', 'ai']) out[u] = (await send({ port: edgePort, path: `/edge/upstreams/${u}` })).status;
    return out;
  };

  it('resolves the service name per request, follows a new address, and its health says when a service is unreachable', async () => {
    expect(await viaEdge()).toBe('first');
    expect(dns.queries).toBeGreaterThan(0);
    expect(await upstreamHealth()).toEqual({ auth: 200, signin: 200, strategy: 200, ai: 200 });

    // The container is gone and its name points at an address where nothing listens.
    address.current = '127.0.0.3';
    await pollUntil('upstream health after the service went away', upstreamHealth, (h) => Object.values(h).every((s) => s === 502), {
      timeoutMs: 30_000,
      intervalMs: 250,
    });
    expect((await send({ port: edgePort, path: '/edge/healthz' })).status).toBe(200); // the edge process itself is fine

    // Recreated with another address: followed without restarting nginx.
    address.current = '127.0.0.2';
    await pollUntil('requests after the service came back elsewhere', viaEdge, (b) => b === 'second', { timeoutMs: 30_000, intervalMs: 250 });
    expect(await upstreamHealth()).toEqual({ auth: 200, signin: 200, strategy: 200, ai: 200 });
  }, 60_000);
});

(findExecutable('docker-compose') ? describeWithBinary('nginx') : describeWithBinary('docker-compose'))(
  'edge: the configuration docker-compose renders',
  () => {
    it('passes nginx -t with the compose values, service names unresolvable here', () => {
      const env = composeConfig().services.edge!.environment!;
      const dir = mkdtempSync(path.join(tmpdir(), 'latchkey-edge-compose-'));
      try {
        const vars = Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('LATCHKEY_'))) as unknown as EdgeVariables;
        expect(vars.LATCHKEY_AUTH_UPSTREAM).toBe('auth-central:4101');
        const config = writeEdgeConfig({ dir, mode: 'production', vars: { ...vars, LATCHKEY_ACCESS_LOG: path.join(dir, 'access.log') } });
        const r = spawnSync(findExecutable('nginx')!, ['-t', '-p', dir, '-c', config, '-e', path.join(dir, 'error.log')], { encoding: 'utf8' });
        expect(r.stderr).toContain('test is successful');
        expect(r.status).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
