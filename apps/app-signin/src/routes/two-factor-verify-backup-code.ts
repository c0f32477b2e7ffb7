/**
 * POST /two-factor/verify-backup-code `{code, trustDevice?}` → `{token, user}`
 */
import type { Router } from 'express';
import { type Services } from '../http/context.js';
import { secondFactor } from '../http/second-factor.js';

export function register(router: Router, svc: Services): void {
  router.post('/two-factor/verify-backup-code', secondFactor(svc, 'backup'));
}
