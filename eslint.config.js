// The repository's lint rules live in packages/lint-config (`pnpm lint`).
export { default } from '@latchkey/lint-config/eslint';
