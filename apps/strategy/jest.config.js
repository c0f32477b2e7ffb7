import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preset } from '../../jest.preset.js';

const apps = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = preset(import.meta.url);
// The Bearer test runs a real auth-central and the dev IdP, the model-engine test a real ai-gateway, from source (the shared mapper covers packages/ only).
export default {
  ...base,
  moduleNameMapper: {
    '^@latchkey/auth-central$': `${apps}/auth-central/src/index.ts`,
    '^@latchkey/dev-idp$': `${apps}/dev-idp/src/index.ts`,
    '^@latchkey/ai-gateway$': `${apps}/ai-gateway/src/app.ts`,
    ...base.moduleNameMapper,
  },
};
