/** Which proxies' X-Forwarded-For the services believe (`TRUST_PROXY` → service-kit `trust proxy`), as the edges need. */
import { baseConfigSchema, createLogger, createServiceApp, parseConfig } from '@latchkey/service-kit';
import { serveApp } from '../../packages/bench/src/index.js';

/** The client address a service sees for a request from this host with a forged X-Forwarded-For. */
async function clientIp(env: Record<string, string>): Promise<string> {
  const { TRUST_PROXY } = parseConfig('test', baseConfigSchema, env);
  const app = createServiceApp({ logger: createLogger('test', 'silent'), trustProxy: TRUST_PROXY });
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
}

describe('trust proxy', () => {
  it('believes a proxy on the same host by default', async () => {
    expect(await clientIp({})).toBe('203.0.113.7');
  });

  it('follows TRUST_PROXY: an edge at another address makes this host an untrusted peer (X-Forwarded-For spoofing)', async () => {
    expect(await clientIp({ TRUST_PROXY: '172.28.0.10' })).toMatch(/127\.0\.0\.1$/);
    expect(await clientIp({ TRUST_PROXY: 'loopback, 172.28.0.10' })).toBe('203.0.113.7');
  });

  it('refuses whole private ranges (compose and Kubernetes name the edge instead)', () => {
    expect(() => parseConfig('test', baseConfigSchema, { TRUST_PROXY: 'loopback, uniquelocal' })).toThrow(/TRUST_PROXY/);
  });
});
