/** Logins in progress (OIDC state → what the callback needs). */
import type { Db } from './prisma.js';

export interface LoginStateRow {
  stateHash: string;
  appId: string;
  redirectUrl: string;
  codeVerifierEncrypted: string;
  nonce: string;
  browserBindingHash: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertLoginState(db: Db, row: LoginStateRow): Promise<void> {
  await db.loginState.create({ data: row });
}

/** Takes a pending login exactly once (DELETE … RETURNING): a replayed state finds nothing. */
export async function takeLoginState(db: Db, stateHash: string): Promise<LoginStateRow | null> {
  const rows = await db.$queryRaw<
    Array<{
      state_hash: string;
      app_id: string;
      redirect_url: string;
      code_verifier_encrypted: string;
      nonce: string;
      browser_binding_hash: string | null;
      created_at: Date;
      expires_at: Date;
    }>
  >`DELETE FROM login_states WHERE state_hash = ${stateHash} RETURNING *`;
  const r = rows[0];
  if (!r) return null;
  return {
    stateHash: r.state_hash,
    appId: r.app_id,
    redirectUrl: r.redirect_url,
    codeVerifierEncrypted: r.code_verifier_encrypted,
    nonce: r.nonce,
    browserBindingHash: r.browser_binding_hash,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
  };
}
