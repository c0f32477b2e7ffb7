export { createDemoSite, buildAuthClientBundle, PUBLIC_DIR, type DemoSite, type DemoSiteDeps } from './app.js';
