import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', '**/coverage/**', '.turbo/**'] },
  js.configs.recommended,
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: globals.node } },
  { files: ['apps/*/public/**/*.js'], languageOptions: { globals: globals.browser } },
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'test/*/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      // A handler declared before the value it reads is assigned (a server that listens before its app exists).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `_name` marks a parameter or binding kept on purpose (Express's 4-argument error handler, omitted fields).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // Layers point one way: packages never import a service; a service's source never imports another
    // service's source (they share packages/ and talk HTTP); domain/ holds the logic, with no HTTP and no
    // SQL (persistence goes through store/).
    files: ['apps/*/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages', from: './apps', message: 'packages/ must not depend on a service.' },
            ...['auth-central', 'app-signin', 'strategy', 'ai-gateway', 'cli', 'demo-site', 'dev-idp'].map((app) => ({
              target: `./apps/${app}/src`,
              from: './apps',
              except: [`./${app}`],
              message: 'A service does not import another service: share code through packages/.',
            })),
          ],
        },
      ],
    },
  },
  {
    // domain/, and the extra logic folders of a service (CONTRIBUTING.md: ai-gateway's canonical/, wire/, providers/).
    files: ['apps/*/src/domain/**/*.ts', 'apps/ai-gateway/src/{canonical,wire,providers}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'express', message: 'domain/ has no HTTP: take plain values, return plain values.' },
            { name: 'pg', message: 'domain/ has no SQL: put queries in store/.' },
          ],
          patterns: [
            { group: ['**/routes/*', '**/http/*'], message: 'domain/ must not import the HTTP layer.' },
            { group: ['**/generated/prisma/*', '**/generated/prisma'], message: 'domain/ has no Prisma: put queries in store/.' },
          ],
        },
      ],
    },
  },
  {
    // Tests read the JSON answers of the service under test, whose shapes they assert field by field.
    files: ['**/*.test.ts', '**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Provider wire formats are still handled as loose JSON here; typing them is open work.
    files: ['apps/ai-gateway/src/wire/**', 'apps/ai-gateway/src/canonical/**', 'apps/ai-gateway/src/providers/**', 'packages/fake-providers/src/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
