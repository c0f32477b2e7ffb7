/**
 * GET /get-session → `{session, user}` or `null`; a full-length session used a day or more after its
 * last refresh is extended (better-auth's updateAge).
 */
import type { Router } from 'express';
import { signValue } from '../domain/crypto.js';
import { publicSession, publicUser, refreshSession } from '../domain/users.js';
import { setCookie } from '../http/cookies.js';
import { currentSession, stateOf, type Services } from '../http/context.js';

/** A session is extended when used at least a day after its last refresh (better-auth's updateAge). */
const REFRESH_AFTER_MS = 24 * 3600 * 1000;

export function register(router: Router, svc: Services): void {
  router.get('/get-session', async (req, res) => {
    const s = await currentSession(req, svc);
    res.setHeader('Cache-Control', 'no-store');
    if (!s) {
      res.json(null);
      return;
    }
    // better-auth's updateAge: a full-length session used a day or more after its last refresh is extended.
    const state = stateOf(req);
    const now = svc.now();
    const ttlMs = svc.config.sessionTtlSec * 1000;
    const lastRefresh = s.session.updated_at.getTime();
    const fullLength = s.session.expires_at.getTime() - lastRefresh >= ttlMs - 60_000;
    if (fullLength && now - lastRefresh >= REFRESH_AFTER_MS) {
      const refreshed = await refreshSession(state.app.db, s.session.id, new Date(now), ttlMs);
      if (refreshed) {
        s.session = refreshed;
        if (!req.get('authorization')) {
          setCookie(res, state.scope, state.names.session, signValue(state.app.keys.cookie, s.token), svc.config.sessionTtlSec);
        }
      }
    }
    res.json({ session: publicSession(s.session, s.token), user: publicUser(s.user) });
  });
}
