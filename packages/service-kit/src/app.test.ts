import { Writable } from 'node:stream';
import request from 'supertest';
import { HttpError } from '@latchkey/errors';
import { createLogger, createServiceApp, finishServiceApp, parseConfig, ConfigError, baseConfigSchema, port } from './index.js';

function captureLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { logger: createLogger('test', 'debug', sink), lines };
}

describe('createServiceApp', () => {
  it('echoes a sane x-request-id and generates one otherwise', async () => {
    const { logger } = captureLogger();
    const app = finishServiceApp(createServiceApp({ logger }));
    const given = await request(app).get('/healthz').set('x-request-id', 'abc-123');
    expect(given.headers['x-request-id']).toBe('abc-123');
    const bad = await request(app).get('/healthz').set('x-request-id', 'evil\nvalue'.replace('\n', ' '));
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports readiness per check, 503 when one fails', async () => {
    const { logger } = captureLogger();
    const ok = finishServiceApp(createServiceApp({ logger, readiness: { database: async () => 1 } }));
    expect((await request(ok).get('/readyz')).status).toBe(200);
    const failing = finishServiceApp(
      createServiceApp({ logger, readiness: { database: async () => 1, redis: async () => Promise.reject(new Error('down')) } }),
    );
    const res = await request(failing).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.checks).toEqual({ database: 'ok', redis: 'failing' });
  });

  it('stays ready (200 degraded) while a dependency it can serve without fails, and not ready when a required one fails', async () => {
    const { logger } = captureLogger();
    const down = async () => Promise.reject(new Error('down'));
    const degraded = finishServiceApp(createServiceApp({ logger, readiness: { database: async () => 1 }, degradedBy: { redis: down } }));
    const res = await request(degraded).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'degraded', checks: { database: 'ok', redis: 'failing' } });
    const healthy = finishServiceApp(createServiceApp({ logger, readiness: { database: async () => 1 }, degradedBy: { redis: async () => 'PONG' } }));
    expect((await request(healthy).get('/readyz')).body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    const noDatabase = finishServiceApp(createServiceApp({ logger, readiness: { database: down }, degradedBy: { redis: down } }));
    const notReady = await request(noDatabase).get('/readyz');
    expect(notReady.status).toBe(503);
    expect(notReady.body.status).toBe('not_ready');
  });

  it('never logs secrets, bodies or query strings', async () => {
    const { logger, lines } = captureLogger();
    const app = createServiceApp({ logger });
    app.post('/echo', (_req, res) => {
      res.status(500).json({});
    });
    finishServiceApp(app);
    await request(app)
      .post('/echo?svc_token=SECRET-QUERY')
      .set('authorization', 'Bearer SECRET-BEARER')
      .set('cookie', 'sid=SECRET-COOKIE')
      .set('x-api-key', 'SECRET-KEY')
      .send({ prompt: 'SECRET-BODY' });
    const all = lines.join('');
    expect(all).toContain('"statusCode":500');
    for (const secret of ['SECRET-QUERY', 'SECRET-BEARER', 'SECRET-COOKIE', 'SECRET-KEY', 'SECRET-BODY']) {
      expect(all).not.toContain(secret);
    }
  });

  it('turns unknown errors into a 500 with a request id and no internals', async () => {
    const { logger } = captureLogger();
    const app = createServiceApp({ logger });
    app.get('/boom', () => {
      throw new Error('database password is hunter2');
    });
    app.get('/known', () => {
      throw new HttpError(400, 'INVALID_APP_ID', 'Unknown app.');
    });
    finishServiceApp(app);
    const res = await request(app).get('/boom').set('x-request-id', 'req-1');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'INTERNAL_ERROR', message: expect.stringContaining('req-1') });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
    const known = await request(app).get('/known');
    expect(known.status).toBe(400);
    expect(known.body).toEqual({ error: 'INVALID_APP_ID', message: 'Unknown app.' });
    expect((await request(app).get('/nope')).status).toBe(404);
  });
});

describe('parseConfig', () => {
  const schema = baseConfigSchema.extend({ PORT: port(4101) });
  it('applies defaults and treats empty strings as unset', () => {
    const cfg = parseConfig('svc', schema, { PORT: '', LOG_LEVEL: 'warn' });
    expect(cfg.PORT).toBe(4101);
    expect(cfg.LOG_LEVEL).toBe('warn');
  });
  it('names every bad variable', () => {
    try {
      parseConfig('svc', schema, { PORT: 'eighty', DATABASE_URL: 'not a url' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
    }
  });
  it('MIGRATE_ON_START: on by default, a yes/no flag, anything else refused', () => {
    expect(parseConfig('svc', schema, {}).MIGRATE_ON_START).toBe(true);
    for (const [given, want] of [
      ['false', false],
      ['0', false],
      ['No', false],
      ['off', false],
      ['TRUE', true],
      ['1', true],
      ['yes', true],
      [' on ', true],
    ] as const)
      expect([given, parseConfig('svc', schema, { MIGRATE_ON_START: given }).MIGRATE_ON_START]).toEqual([given, want]);
    expect(() => parseConfig('svc', schema, { MIGRATE_ON_START: 'sometimes' })).toThrow(/MIGRATE_ON_START: must be true or false/);
  });
  it('TRUST_PROXY: loopback by default; loopback and the edge’s own addresses or CIDR blocks', () => {
    expect(parseConfig('svc', schema, {}).TRUST_PROXY).toEqual(['loopback']);
    expect(parseConfig('svc', schema, { TRUST_PROXY: '' }).TRUST_PROXY).toEqual(['loopback']);
    expect(parseConfig('svc', schema, { TRUST_PROXY: 'loopback, 172.28.0.10 ,10.42.0.0/16,::1, fd00::/8' }).TRUST_PROXY).toEqual([
      'loopback',
      '172.28.0.10',
      '10.42.0.0/16',
      '::1',
      'fd00::/8',
    ]);
  });
  it.each(['uniquelocal', 'loopback, uniquelocal', 'linklocal', 'true', '2', 'edge', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129'])(
    'TRUST_PROXY refuses %p (every private range, hop counts, names that are not addresses)',
    (given) => {
      expect(() => parseConfig('svc', schema, { TRUST_PROXY: given })).toThrow(/TRUST_PROXY: /);
    },
  );
});

describe('trust proxy (X-Forwarded-For spoofing)', () => {
  const trusts = (trustProxy?: readonly string[]) => {
    const trust = createServiceApp({ logger: createLogger('test', 'silent'), trustProxy }).get('trust proxy fn') as (addr: string, i: number) => boolean;
    return (addr: string) => trust(addr, 0);
  };
  it('by default believes only loopback, no private range (a container or pod next to the service cannot pick its client address)', () => {
    const t = trusts(parseConfig('svc', baseConfigSchema, {}).TRUST_PROXY);
    expect([t('127.0.0.1'), t('::1'), t('::ffff:127.0.0.1')]).toEqual([true, true, true]);
    expect([t('10.0.0.7'), t('172.20.0.3'), t('192.168.1.4'), t('fd12::1'), t('169.254.1.1'), t('203.0.113.7')]).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(trusts()('10.0.0.7')).toBe(false);
  });
  it('believes exactly the edge addresses given', () => {
    const t = trusts(parseConfig('svc', baseConfigSchema, { TRUST_PROXY: 'loopback, 172.28.0.10' }).TRUST_PROXY);
    expect([t('172.28.0.10'), t('127.0.0.1'), t('172.28.0.11'), t('10.0.0.7')]).toEqual([true, true, false, false]);
  });
  it('does not read process.env', () => {
    const saved = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = '10.0.0.0/8';
    try {
      expect(trusts()('10.0.0.7')).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = saved;
    }
  });
});
