import { ConfigError, parseConfig } from '@latchkey/service-kit';
import { launchConfigSchema, strategyConfigSchema } from '../src/config.js';
import { DEFAULT_LIMITS, RateLimiter } from '../src/domain/rate-limiter.js';

const parse = (limits: string) => strategyConfigSchema.safeParse({ STRATEGY_RATE_LIMITS: limits });

describe('STRATEGY_RATE_LIMITS', () => {
  it("accepts the README's partial override and merges it over the defaults", () => {
    const cfg = parse('{"free":{"minute":10}}');
    expect(cfg.success).toBe(true);
    expect(cfg.data!.STRATEGY_RATE_LIMITS).toEqual({ free: { minute: 10 } });
    const limiter = new RateLimiter({ limits: cfg.data!.STRATEGY_RATE_LIMITS });
    expect(limiter.limitsOf('free')).toEqual({ ...DEFAULT_LIMITS.free, minute: 10 });
    expect(limiter.limitsOf('pro')).toEqual(DEFAULT_LIMITS.pro);
    expect(limiter.limitsOf('enterprise')).toEqual(DEFAULT_LIMITS.enterprise);
  });

  it('accepts overrides of several tiers and fields', () => {
    const cfg = parse('{"pro":{"hour":500,"concurrent":3},"enterprise":{"day":100000}}');
    expect(cfg.success).toBe(true);
    const limiter = new RateLimiter({ limits: cfg.data!.STRATEGY_RATE_LIMITS });
    expect(limiter.limitsOf('pro')).toEqual({ ...DEFAULT_LIMITS.pro, hour: 500, concurrent: 3 });
    expect(limiter.limitsOf('free')).toEqual(DEFAULT_LIMITS.free);
  });

  it.each([
    ['an unknown tier', '{"gold":{"minute":10}}', /gold/],
    ['an unknown window', '{"free":{"second":10}}', /second/],
    ['a non-positive limit', '{"free":{"minute":0}}', /minute|too small|>0/i],
    ['not JSON', '{free: 10}', /not valid limits JSON/],
  ])('refuses %s with a message naming it', (_what, value, message) => {
    const cfg = parse(value);
    expect(cfg.success).toBe(false);
    expect(JSON.stringify(cfg.error!.issues)).toMatch(message);
  });
});

describe('variables outside the rate limits', () => {
  it('PG_CONNECT_TIMEOUT_MS: unset by default, milliseconds between 100 and 60000', () => {
    expect(parseConfig('strategy', strategyConfigSchema, {}).PG_CONNECT_TIMEOUT_MS).toBeUndefined();
    expect(parseConfig('strategy', strategyConfigSchema, { PG_CONNECT_TIMEOUT_MS: '500' }).PG_CONNECT_TIMEOUT_MS).toBe(500);
    expect(() => parseConfig('strategy', strategyConfigSchema, { PG_CONNECT_TIMEOUT_MS: '5' })).toThrow(/PG_CONNECT_TIMEOUT_MS/);
  });

  it('STRATEGY_AI (pnpm start): library by default, gateway on request, anything else named', () => {
    expect(parseConfig('strategy', launchConfigSchema, {}).STRATEGY_AI).toBe('library');
    expect(parseConfig('strategy', launchConfigSchema, { STRATEGY_AI: 'gateway' }).STRATEGY_AI).toBe('gateway');
    expect(() => parseConfig('strategy', launchConfigSchema, { STRATEGY_AI: 'model' })).toThrow(ConfigError);
  });
});
