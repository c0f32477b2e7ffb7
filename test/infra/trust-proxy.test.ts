/** Which proxies' X-Forwarded-For the services believe (service-kit `trust proxy`), as docker-compose's edge needs. */
import { createLogger, createServiceApp } from '@latchkey/service-kit';
import { serveApp } from '../../packages/bench/src/index.js';

async function clientIp(opts: { trustProxy?: string; env?: string }): Promise<string> {
  const saved = process.env.TRUST_PROXY;
  if (opts.env === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = opts.env;
  try {
    const app = createServiceApp({ logger: createLogger('test', 'silent'), trustProxy: opts.trustProxy });
    app.get('/ip', (req, res) => {
      res.json({ ip: req.ip });
    });
    const served = await serveApp(app);
    try {
      const res = await fetch(`${served.url}/ip`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      return ((await res.json()) as { ip: string }).ip;
    } finally {
      await served.close();
    }
  } finally {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
  }
}

describe('trust proxy', () => {
  it('believes a proxy on the same host by default', async () => {
    expect(await clientIp({})).toBe('203.0.113.7');
  });

  it('follows TRUST_PROXY (e.g. the private network of a compose edge)', async () => {
    expect(await clientIp({ env: 'uniquelocal' })).toMatch(/127\.0\.0\.1$/);
    expect(await clientIp({ env: 'loopback, uniquelocal' })).toBe('203.0.113.7');
  });

  it('takes the option over the environment', async () => {
    expect(await clientIp({ env: 'loopback', trustProxy: '10.0.0.0/8' })).toMatch(/127\.0\.0\.1$/);
  });
});
