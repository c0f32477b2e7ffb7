import type { Router } from 'express';
import { z } from 'zod';
import { hashPassword } from '../domain/crypto.js';
import { createUser, publicUser } from '../domain/users.js';
import { clientIp, stateOf, type Services } from '../http/context.js';
import { issueSession } from '../http/session.js';
import { checkEmail, checkNewPassword, displayName, parseBody } from '../http/validation.js';
import { sendVerification, trustedRedirect } from '../http/mail-links.js';

const body = z.object({
  name: displayName,
  email: z.string().max(1024),
  password: z.string().max(4096),
  image: z.string().max(2048).optional(),
  callbackURL: z.string().max(2048).optional(),
  rememberMe: z.boolean().optional(),
});

/** POST /sign-up/email `{name, email, password}` → `{token, user}` and the session cookie. */
export function register(router: Router, svc: Services): void {
  router.post('/sign-up/email', async (req, res) => {
    const { app } = stateOf(req);
    await svc.limits.signInAttempt(app.id, clientIp(req));
    const input = parseBody(body, req.body);
    const email = checkEmail(input.email);
    checkNewPassword(input.password);
    const callbackURL = trustedRedirect(req, input.callbackURL, 'callbackURL');
    const passwordHash = await hashPassword(input.password, svc.config.passwordCost);
    const user = await createUser(app.db, { name: input.name.trim(), email, passwordHash, now: new Date(svc.now()) });
    if (app.requireEmailVerification) {
      // better-auth with requireEmailVerification: no session until the address is verified.
      await sendVerification(req, svc, user, callbackURL);
      res.json({ token: null, user: publicUser(user) });
      return;
    }
    const { token } = await issueSession(req, res, svc, user, { rememberMe: input.rememberMe });
    res.json({ token, user: publicUser(user) });
  });
}
