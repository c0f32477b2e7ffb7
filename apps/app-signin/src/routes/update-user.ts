/**
 * POST /update-user `{name?, image?}` → `{status: true}`
 */
import type { Router } from 'express';
import { z } from 'zod';
import { SigninError } from '../errors.js';
import { updateProfile } from '../domain/users.js';
import { requireSession, stateOf, type Services } from '../http/context.js';
import { displayName, parseBody } from '../http/validation.js';

/** Fields of the user that update-user may set (better-auth's core fields; the rest is the app's or the service's). */
const UPDATABLE = new Set(['name', 'image']);

export function register(router: Router, svc: Services): void {
  router.post('/update-user', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    const body = req.body as unknown;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new SigninError('BODY_MUST_BE_AN_OBJECT', 'Body must be an object');
    const fields = body as Record<string, unknown>;
    if (fields.email !== undefined) throw new SigninError('EMAIL_CAN_NOT_BE_UPDATED', 'Email can not be updated');
    const other = Object.keys(fields).filter((k) => !UPDATABLE.has(k) && k !== 'callbackURL');
    if (other.length) throw new SigninError('FIELD_NOT_ALLOWED', `Field not allowed to be set: ${other.slice(0, 5).join(', ')}`);
    const input = parseBody(z.object({ name: displayName.pipe(z.string().trim().min(1)).optional(), image: z.string().max(2048).nullable().optional() }), {
      name: fields.name,
      image: fields.image,
    });
    if (input.name === undefined && input.image === undefined) throw new SigninError('NO_FIELDS_TO_UPDATE', 'No fields to update');
    if (input.image) {
      let ok = false;
      try {
        const u = new URL(input.image);
        ok = u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        ok = input.image.startsWith('data:image/') && input.image.length <= 2048;
      }
      if (!ok) throw new SigninError('VALIDATION_ERROR', '[body.image] must be an http(s) URL');
    }
    await updateProfile(app.db, s.user.id, { name: input.name, image: input.image, now: new Date(svc.now()) });
    res.json({ status: true });
  });
}
