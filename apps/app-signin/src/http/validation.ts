import { z } from 'zod';
import { zodIssues } from '@latchkey/errors';
import { SigninError } from '../errors.js';

/** Parses a request body; a mismatch is 400 VALIDATION_ERROR naming the fields (better-auth's code). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const msg = zodIssues(r.error)
    .map((i) => `[body${i.path ? '.' : ''}${i.path}] ${i.message}`)
    .join('; ');
  throw new SigninError('VALIDATION_ERROR', msg || 'Invalid request body');
}

// Control characters (C0 and DEL): never part of a person's name, and a way to forge log lines or terminal output.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A user's display name: at most 256 characters, no control characters (400 VALIDATION_ERROR). */
export const displayName = z
  .string()
  .max(256)
  .refine((v) => !CONTROL.test(v), 'must not contain control characters');

/** Who ran an operator command (`--actor`), recorded in the audit log. */
export const operatorActor = z.string().min(1).max(128).optional();

// No whitespace, no second @ and no control characters (NUL cannot be stored, and is no one's address).
// eslint-disable-next-line no-control-regex
const EMAIL = /^[^\s@\u0000-\u001f\u007f]+@[^\s@\u0000-\u001f\u007f]+\.[^\s@\u0000-\u001f\u007f]+$/;

/** better-auth's checks: INVALID_EMAIL (400, also for a control character), PASSWORD_TOO_SHORT (< 8), PASSWORD_TOO_LONG (> 128). */
export function checkEmail(email: string): string {
  const e = email.trim();
  if (e.length > 254 || !EMAIL.test(e)) throw new SigninError('INVALID_EMAIL', 'Invalid email');
  return e.toLowerCase();
}

/**
 * The most used passwords of public breach corpora (8 characters or more, lower case), checked offline:
 * no password or hash prefix leaves the service. A password that is one of these, one character
 * repeated, or a run of the keyboard or the alphabet is refused as compromised.
 */
const BREACHED = new Set(
  `password password1 password12 password123 password1234 passw0rd p@ssword p@ssw0rd 12345678 123456789 1234567890
  12345678910 123123123 11111111 00000000 87654321 qwertyui qwertyuiop qwerty123 qwerty12 1q2w3e4r 1q2w3e4r5t
  1qaz2wsx zaq12wsx asdfghjk asdfghjkl zxcvbnm1 abcd1234 abc12345 iloveyou iloveyou1 sunshine princess football
  baseball welcome1 welcome123 letmein1 trustno1 superman starwars whatever computer michael1 jennifer charlie1
  dragon12 monkey12 master12 shadow12 password! changeme changeme1 admin123 administrator secret123 access14
  internet liverpool chocolate 1234qwer qwer1234 q1w2e3r4 a1b2c3d4 aa123456 987654321 999999999 55555555 88888888
  12341234 11223344 1234abcd passpass testtest test1234 letmein123 welcome! football1 baseball1 mustang1`
    .split(/\s+/)
    .filter(Boolean),
);

const RUNS = ['abcdefghijklmnopqrstuvwxyz', '0123456789012345678901234567890', 'qwertyuiopasdfghjklzxcvbnm', '9876543210987654321098765432109'];

/** True when `password` is a known-breached or trivially patterned password (see BREACHED). */
export function isCompromisedPassword(password: string): boolean {
  const p = password.toLowerCase();
  if (BREACHED.has(p)) return true;
  if (/^(.)\1+$/.test(p)) return true;
  return RUNS.some((run) => run.includes(p));
}

/**
 * better-auth's checks of a new password: PASSWORD_TOO_SHORT (< 8), PASSWORD_TOO_LONG (> 128), and
 * its haveIBeenPwned plugin's PASSWORD_COMPROMISED (here against the offline list above). All 400.
 */
export function checkNewPassword(password: string): void {
  if (password.length < 8) throw new SigninError('PASSWORD_TOO_SHORT', 'Password too short');
  if (password.length > 128) throw new SigninError('PASSWORD_TOO_LONG', 'Password too long');
  if (isCompromisedPassword(password)) {
    throw new SigninError('PASSWORD_COMPROMISED', 'The password you entered has been compromised. Please choose a different password.');
  }
}
