export { createDemoSite, validateAccessToken, requireBearer, buildAuthClientBundle, PUBLIC_DIR, type DemoSiteDeps, type ValidateResult } from './app.js';
