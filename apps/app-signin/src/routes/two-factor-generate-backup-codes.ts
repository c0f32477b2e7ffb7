/**
 * POST /two-factor/generate-backup-codes `{password}` → `{status: true, backupCodes}`
 */
import type { Router } from 'express';
import { SigninError } from '../errors.js';
import { regenerateBackupCodes } from '../domain/two-factor.js';
import { requireSession, stateOf, type Services } from '../http/context.js';
import { parseBody } from '../http/validation.js';
import { passwordBody, checkPassword } from '../http/second-factor.js';

export function register(router: Router, svc: Services): void {
  router.post('/two-factor/generate-backup-codes', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    const input = parseBody(passwordBody, req.body);
    await checkPassword(req, svc, s.user, input.password);
    if (!s.user.two_factor_enabled) throw new SigninError('TWO_FACTOR_NOT_ENABLED', "Two factor isn't enabled");
    const backupCodes = await regenerateBackupCodes(app, s.user.id);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: true, backupCodes });
  });
}
