/** Input rules of the operator API (`/admin/*`): organisation ids and zod parsing into 400 INVALID_REQUEST. */
import { z } from 'zod';
import { firstZodIssue } from '@latchkey/errors';
import { badRequest } from '../errors.js';

/** An organisation id: 1–128 characters of letters, digits and `._:-`. */
export const ORG = z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1-128 characters of letters, digits and ._:-');

/** `schema.parse(value)`, or a 400 naming the first field at fault. */
export function parseAdminInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const { field, message } = firstZodIssue(r.error);
  throw badRequest(field, message);
}
