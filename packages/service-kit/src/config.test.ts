import { z } from 'zod';
import { ConfigError, encryptionKey, flag, parseConfig } from './config.js';
import { setPgConnectTimeout } from './pg.js';

const schema = z.object({ ON: flag(true), OFF: flag(false), KEY: encryptionKey().optional() });
const parse = (env: Record<string, string>) => parseConfig('test', schema, env);

describe('flag', () => {
  it.each(['true', '1', 'yes', 'on', 'TRUE', ' Yes '])('reads %j as true', (v) => {
    expect(parse({ OFF: v }).OFF).toBe(true);
  });
  it.each(['false', '0', 'no', 'off', 'False'])('reads %j as false', (v) => {
    expect(parse({ ON: v }).ON).toBe(false);
  });
  it('falls back when unset or empty, and names a bad value', () => {
    expect(parse({})).toEqual({ ON: true, OFF: false });
    expect(parse({ ON: '', OFF: '' })).toEqual({ ON: true, OFF: false });
    expect(() => parse({ ON: 'maybe' })).toThrow(/ON: must be true or false/);
  });
});

describe('encryptionKey', () => {
  it('accepts 32 bytes as 64 hex or 44 base64 characters, kept as given', () => {
    expect(parse({ KEY: 'ab'.repeat(32) }).KEY).toBe('ab'.repeat(32));
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(parse({ KEY: b64 }).KEY).toBe(b64);
  });
  it.each([
    ['short hex', 'ab'.repeat(16)],
    ['not a key', 'secret'],
    ['33 bytes', Buffer.alloc(33).toString('base64')],
  ])('refuses %s, naming the variable', (_what, v) => {
    expect(() => parse({ KEY: v })).toThrow(ConfigError);
    expect(() => parse({ KEY: v })).toThrow(/KEY: must be 32 bytes as 64 hex or 44 base64 characters/);
  });
});

describe('setPgConnectTimeout', () => {
  afterEach(() => setPgConnectTimeout(undefined));
  it('takes a positive integer of milliseconds or undefined, and refuses anything else', () => {
    expect(() => setPgConnectTimeout(500)).not.toThrow();
    expect(() => setPgConnectTimeout(undefined)).not.toThrow();
    expect(() => setPgConnectTimeout(0)).toThrow(RangeError);
    expect(() => setPgConnectTimeout(1.5)).toThrow(RangeError);
  });
});
