import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preset } from '../../jest.preset.js';

const apps = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = preset(import.meta.url);
// The browser test also loads two apps from source (the shared mapper covers packages/ only).
export default {
  ...base,
  moduleNameMapper: {
    '^@latchkey/dev-idp$': `${apps}/dev-idp/src/index.ts`,
    ...base.moduleNameMapper,
  },
};
