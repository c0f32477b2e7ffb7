/**
 * Standalone demo site. Environment: PORT (4105), HOST (127.0.0.1), AUTH_URL ({auth_url} as the browser
 * reaches it, default http://localhost:4101), BACKEND_AUTH_URL (as the server reaches it, default AUTH_URL),
 * DEMO_APP_ID (demo).
 */
import { createLogger, runService } from '@latchkey/service-kit';
import { createDemoSite } from './app.js';

const env = process.env;
const logger = createLogger('demo-site');
const authUrl = env.AUTH_URL ?? 'http://localhost:4101';
const app = await createDemoSite({ authUrl, backendAuthUrl: env.BACKEND_AUTH_URL || authUrl, appId: env.DEMO_APP_ID ?? 'demo', logger });
await runService({ app, port: Number(env.PORT ?? 4105), host: env.HOST ?? '127.0.0.1', logger, closers: [() => app.close()] });
