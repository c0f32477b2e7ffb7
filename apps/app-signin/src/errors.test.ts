import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpError } from '@latchkey/errors';
import { SIGNIN_ERRORS, SigninError } from './errors.js';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'generated') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('SigninError', () => {
  it("answers with its code's status, or the one given, and keeps details and headers", () => {
    const e = new SigninError('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'User already exists. Use another email.');
    expect(e).toBeInstanceOf(HttpError);
    expect([e.status, e.code, e.message]).toEqual([422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'User already exists. Use another email.']);
    expect(new SigninError('USER_NOT_FOUND', 'User not found', { status: 400 }).status).toBe(400);
    const limited = new SigninError('TOO_MANY_REQUESTS', 'Too many requests.', { headers: { 'Retry-After': '3' } });
    expect([limited.status, limited.headers]).toEqual([429, { 'Retry-After': '3' }]);
    expect(new SigninError('DEPLOY_FIRST', 'Deploy first.', { details: { applied: [] } }).details).toEqual({ applied: [] });
  });

  it('maps every code to a 4xx or 5xx status', () => {
    for (const status of Object.values(SIGNIN_ERRORS)) expect(status >= 400 && status < 600).toBe(true);
  });

  it('is the only error the service constructs', () => {
    const offenders = sources(dirname(fileURLToPath(import.meta.url))).filter(
      (f) => !f.endsWith('errors.ts') && /new HttpError\(/.test(readFileSync(f, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
