import type { z } from 'zod';
import { HttpError } from '@latchkey/errors';

/** Parses a request body; a mismatch is 400 VALIDATION_ERROR naming the fields (better-auth's code). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const msg = r.error.issues.map((i) => `[body${i.path.length ? '.' : ''}${i.path.join('.')}] ${i.message}`).join('; ');
  throw new HttpError(400, 'VALIDATION_ERROR', msg || 'Invalid request body');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** better-auth's checks: INVALID_EMAIL, PASSWORD_TOO_SHORT (< 8), PASSWORD_TOO_LONG (> 128). */
export function checkEmail(email: string): string {
  const e = email.trim();
  if (e.length > 254 || !EMAIL.test(e)) throw new HttpError(400, 'INVALID_EMAIL', 'Invalid email');
  return e.toLowerCase();
}

export function checkNewPassword(password: string): void {
  if (password.length < 8) throw new HttpError(400, 'PASSWORD_TOO_SHORT', 'Password too short');
  if (password.length > 128) throw new HttpError(400, 'PASSWORD_TOO_LONG', 'Password too long');
}
