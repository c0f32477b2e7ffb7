/**
 * What the email routes (verification, password reset) share: the token query of a mailed link and work done after the answer.
 */
import type { Request } from 'express';
import { z } from 'zod';
import { SigninError } from '../errors.js';
import { type Services } from './context.js';

/** Runs `task` after the answer (tracked, so tests and shutdown can wait for it); a failure is logged without details that could carry a token. */
export function afterAnswer(svc: Services, route: string, task: () => Promise<void>): void {
  svc.background(
    task().catch((err: unknown) => {
      svc.logger.error({ route, err: { message: (err as Error).message, code: (err as { code?: string }).code } }, 'mail request failed after the answer');
    }),
  );
}

export const tokenQuery = z.object({ token: z.string().max(1024).optional(), callbackURL: z.string().max(2048).optional() });

export function queryOf(req: Request) {
  const q = tokenQuery.safeParse(req.query);
  if (!q.success) throw new SigninError('VALIDATION_ERROR', 'token and callbackURL must be single strings');
  return q.data;
}
