import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preset } from '../../jest.preset.js';

const apps = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = preset(import.meta.url);
// The dev IdP is an app, not a package: map it to its source for the social sign-in tests.
export default { ...base, moduleNameMapper: { '^@latchkey/dev-idp$': `${apps}/dev-idp/src/index.ts`, ...base.moduleNameMapper } };
