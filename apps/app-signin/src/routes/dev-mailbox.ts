/**
 * `GET /dev/mailbox?to=` → the messages that would have been mailed, newest last (`to` filters by
 * recipient, case-insensitive). Development only: app.ts registers it when the mailer keeps a
 * mailbox (no SMTP_URL, SIGNIN_DEV_MAILBOX=1).
 */
import type { Router } from 'express';
import type { Services } from '../http/context.js';

export function register(r: Router, svc: Services): void {
  r.get('/dev/mailbox', (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to.toLowerCase() : undefined;
    res.setHeader('Cache-Control', 'no-store');
    res.json(svc.mailer.mailbox().filter((m) => !to || m.to.toLowerCase() === to));
  });
}
