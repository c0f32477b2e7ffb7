/** How `pnpm start` boots the demo site (last: auth-central registers the app `demo` for `localhost` in its own launch). */
import type { LaunchContext, Launched } from '@latchkey/launcher';
import { runService } from '@latchkey/service-kit';
import { createDemoSite } from './app.js';

export const launchOrder = 90;
export const DEMO_APP_ID = 'demo';

export async function launch(ctx: LaunchContext): Promise<Launched> {
  const logger = ctx.logger.child({ name: 'demo-site' });
  const app = await createDemoSite({ authUrl: ctx.urls.auth, appId: DEMO_APP_ID, logger });
  const running = await runService({ app, port: ctx.ports.demo, host: '127.0.0.1', logger, handleSignals: false });
  const url = ctx.urls.demo;
  const idp = ctx.shared.get('devIdp') as { issuer: string } | undefined;
  return {
    name: 'demo-site',
    url,
    lines: [`open ${url} and click "Sign in"${idp ? ' (dev IdP credentials above)' : ''}`],
    stop: async () => {
      await running.close();
      app.close();
    },
  };
}
