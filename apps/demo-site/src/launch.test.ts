import { pino } from 'pino';
import type { LaunchContext } from '@latchkey/launcher';
import { launch, launchOrder, DEMO_APP_ID } from './launch.js';

test('pnpm start: the demo site starts last and points at auth-central', async () => {
  const ctx = {
    ports: { demo: 0 },
    urls: { auth: 'http://localhost:4101', demo: 'http://localhost:4105' },
    logger: pino({ level: 'silent' }),
    shared: new Map(),
  } as unknown as LaunchContext;
  expect(launchOrder).toBe(90);
  expect(DEMO_APP_ID).toBe('demo');
  const launched = await launch(ctx);
  try {
    expect(launched.name).toBe('demo-site');
    expect(launched.lines!.join('\n')).toContain('http://localhost:4105');
  } finally {
    await launched.stop();
  }
});
