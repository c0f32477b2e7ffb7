import { createHash } from 'node:crypto';
import type { IdentityProvider } from '../src/domain/idp.js';

/**
 * A stand-in provider for the error paths of the callback: it checks PKCE
 * (S256 of the verifier must equal the challenge it was given), the state
 * and the nonce like a real provider would, and accepts code `good-code`.
 */
export function fakeIdp(identity = { issuer: 'https://idp.test', subject: 'sub-ada', email: 'ada@example.com', name: 'Ada Lovelace' }) {
  const issued = new Map<string, { nonce: string; challenge: string; redirectUri: string }>();
  const calls: Array<{ state: string; nonce: string; codeVerifier: string }> = [];
  let failWith: Error | undefined;
  const idp: IdentityProvider & { calls: typeof calls; failNext(err: Error): void } = {
    calls,
    failNext(err) {
      failWith = err;
    },
    async authorizationUrl(p) {
      issued.set(p.state, { nonce: p.nonce, challenge: p.codeChallenge, redirectUri: p.redirectUri });
      const url = new URL('https://idp.test/authorize');
      url.search = new URLSearchParams({
        response_type: 'code',
        redirect_uri: p.redirectUri,
        state: p.state,
        nonce: p.nonce,
        code_challenge: p.codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url;
    },
    async completeSignIn(url, checks) {
      calls.push(checks);
      if (failWith) {
        const e = failWith;
        failWith = undefined;
        throw e;
      }
      const given = issued.get(checks.state);
      if (!given) throw new Error('unknown state');
      if (url.searchParams.get('state') !== checks.state) throw new Error('state mismatch');
      if (given.nonce !== checks.nonce) throw new Error('nonce mismatch');
      const s256 = createHash('sha256').update(checks.codeVerifier).digest('base64url');
      if (s256 !== given.challenge) throw new Error('PKCE mismatch');
      if (url.searchParams.get('code') !== 'good-code') throw new Error('invalid_grant');
      return identity;
    },
  };
  return idp;
}
