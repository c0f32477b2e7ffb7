/**
 * Brute-force limits (OWASP ASVS 6.1.1/6.3.1) on rate-limiter-flexible:
 * Redis when configured (shared by every instance), in-process otherwise,
 * and in-process per instance while a configured Redis is unreachable.
 * A refusal is 429 with `Retry-After` and `X-Retry-After` (seconds), in
 * better-auth's body shape.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createLimiter } from '@latchkey/service-kit';
import type { Redis } from 'ioredis';
import { SigninError } from '../errors.js';

export interface LimitConfig {
  /** Sign-in and sign-up attempts per client address and app, per minute. */
  signInPerAddressPerMinute: number;
  /**
   * Failed passwords per account from one client address before that address
   * is locked out of the account for `accountLockSeconds` (the owner, from
   * their own address, is not locked out by a stranger's failures).
   */
  failedSignInsPerAccount: number;
  /** Failed passwords per account from all addresses together before the account is locked for `accountLockSeconds` (distributed guessing). */
  failedSignInsPerAccountAllAddresses?: number;
  accountLockSeconds: number;
  /** Failed second-factor codes per user before verification is locked for `accountLockSeconds`. */
  failedCodesPerUser: number;
  /** Two-factor requests per client address and app, per minute. */
  twoFactorPerAddressPerMinute: number;
  /** Mail-sending requests (reset, verification, change of address) per client address and app, per hour. */
  mailPerAddressPerHour?: number;
  /** Mail-sending requests per email address (known or not) and app, per hour. */
  mailPerAccountPerHour?: number;
}

export const DEFAULT_LIMITS: LimitConfig = {
  signInPerAddressPerMinute: 30,
  failedSignInsPerAccount: 10,
  failedSignInsPerAccountAllAddresses: 100,
  accountLockSeconds: 900,
  failedCodesPerUser: 5,
  twoFactorPerAddressPerMinute: 30,
  mailPerAddressPerHour: 20,
  mailPerAccountPerHour: 5,
};

export function tooManyRequests(msBeforeNext: number): SigninError {
  const seconds = String(Math.max(1, Math.ceil(msBeforeNext / 1000)));
  return new SigninError('TOO_MANY_REQUESTS', 'Too many requests. Please try again later.', {
    headers: { 'Retry-After': seconds, 'X-Retry-After': seconds },
  });
}

export class Limits {
  private readonly address: RateLimiterAbstract;
  private readonly accountAddress: RateLimiterAbstract;
  private readonly account: RateLimiterAbstract;
  private readonly codes: RateLimiterAbstract;
  private readonly twoFactorAddress: RateLimiterAbstract;
  /** Two-factor challenges already used (single use), kept for their life. */
  private readonly usedChallenges: RateLimiterAbstract;
  private readonly mailAddress: RateLimiterAbstract;
  private readonly mailAccount: RateLimiterAbstract;

  /** @param prefix start of every Redis key (e.g. `latchkey:` → `latchkey:{signin}:acct:<app>:<email>`). */
  constructor(cfg: LimitConfig, redis?: Redis, prefix = 'latchkey:') {
    // While Redis is down the same limits hold per instance in memory (service-kit's one policy; README, "Dependency outages").
    const make = (keyPrefix: string, points: number, durationSeconds: number) =>
      createLimiter({ keyPrefix: `{signin}:${keyPrefix}`, points, durationSeconds, redis, prefix });
    this.address = make('addr', cfg.signInPerAddressPerMinute, 60);
    this.accountAddress = make('acct-addr', cfg.failedSignInsPerAccount, cfg.accountLockSeconds);
    this.account = make('acct', cfg.failedSignInsPerAccountAllAddresses ?? cfg.failedSignInsPerAccount * 10, cfg.accountLockSeconds);
    this.codes = make('code', cfg.failedCodesPerUser, cfg.accountLockSeconds);
    this.twoFactorAddress = make('2fa-addr', cfg.twoFactorPerAddressPerMinute, 60);
    this.usedChallenges = make('2fa-used', 1, 15 * 60);
    this.mailAddress = make('mail-addr', cfg.mailPerAddressPerHour ?? 20, 3600);
    this.mailAccount = make('mail-acct', cfg.mailPerAccountPerHour ?? 5, 3600);
  }

  /**
   * A request that mails an address (reset, verification, change of address):
   * counted per client address and per email address, whether or not an
   * account has that address (so the limit reveals nothing either).
   * @throws SigninError 429 TOO_MANY_REQUESTS
   */
  async mailRequest(appId: string, ip: string, email: string): Promise<void> {
    await Limits.take(this.mailAddress, `${appId}:${ip}`);
    await Limits.take(this.mailAccount, `${appId}:${email.toLowerCase()}`);
  }

  private static async take(limiter: RateLimiterAbstract, key: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooManyRequests(err.msBeforeNext);
      throw err;
    }
  }

  /** Every sign-in or sign-up attempt from one address. */
  signInAttempt(appId: string, ip: string): Promise<void> {
    return Limits.take(this.address, `${appId}:${ip}`);
  }

  /**
   * Takes a failure point of the account — from this address and from all
   * addresses together — before the password is checked, so that a burst of
   * concurrent guesses gets no more checks than the limit (OWASP ASVS 6.3.1).
   * @throws SigninError 429 TOO_MANY_REQUESTS (with Retry-After) when either is spent
   */
  async passwordAttempt(appId: string, email: string, ip: string): Promise<void> {
    await Limits.take(this.accountAddress, `${appId}:${email}:${ip}`);
    await Limits.take(this.account, `${appId}:${email}`);
  }

  /** The password was right: this address's count of the account restarts, and the account-wide point is given back. */
  async passwordSucceeded(appId: string, email: string, ip: string): Promise<void> {
    await this.accountAddress.delete(`${appId}:${email}:${ip}`).catch(() => {});
    await this.account.reward(`${appId}:${email}`, 1).catch(() => {});
  }

  twoFactorAttempt(appId: string, ip: string): Promise<void> {
    return Limits.take(this.twoFactorAddress, `${appId}:${ip}`);
  }

  /**
   * Takes a point of the user's second-factor failures before the code is
   * checked (a concurrent burst gets no more checks than the limit).
   * @throws SigninError 429 when the user's codes are locked
   */
  codeAttempt(appId: string, userId: string): Promise<void> {
    return Limits.take(this.codes, `${appId}:${userId}`);
  }

  /** The code was right: the user's count restarts. */
  async codeSucceeded(appId: string, userId: string): Promise<void> {
    await this.codes.delete(`${appId}:${userId}`).catch(() => {});
  }

  /** Marks a two-factor challenge used; false when it already was. */
  async useChallenge(appId: string, challengeId: string): Promise<boolean> {
    try {
      await this.usedChallenges.consume(`${appId}:${challengeId}`);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }

  async challengeUsed(appId: string, challengeId: string): Promise<boolean> {
    const res = await this.usedChallenges.get(`${appId}:${challengeId}`);
    return Boolean(res && res.consumedPoints >= 1);
  }
}
