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
    for (const [given, want] of [['false', false], ['0', false], ['No', false], ['off', false], ['TRUE', true], ['1', true], ['yes', true], [' on ', true]] as const)
      expect([given, parseConfig('svc', schema, { MIGRATE_ON_START: given }).MIGRATE_ON_START]).toEqual([given, want]);
    expect(() => parseConfig('svc', schema, { MIGRATE_ON_START: 'sometimes' })).toThrow(/MIGRATE_ON_START: must be true or false/);
  });
});
