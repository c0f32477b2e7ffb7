import { configFromEnv } from './config.js';

const KEY = '0'.repeat(64);

describe('config', () => {
  it('reads the mail settings', () => {
    const smtp = configFromEnv({ SIGNIN_ENCRYPTION_KEY: KEY, SMTP_URL: 'smtps://u:p@smtp.example.com:465', MAIL_FROM: 'Shop <a@shop.example>', SIGNIN_DEV_MAILBOX: '1' }).config;
    expect(smtp.mail).toEqual({ smtpUrl: 'smtps://u:p@smtp.example.com:465', devMailbox: false, defaultFrom: 'Shop <a@shop.example>' });
    expect(configFromEnv({ SIGNIN_ENCRYPTION_KEY: KEY, SIGNIN_DEV_MAILBOX: '1' }).config.mail).toMatchObject({ smtpUrl: undefined, devMailbox: true });
    expect(configFromEnv({ SIGNIN_ENCRYPTION_KEY: KEY }).config.mail).toMatchObject({ devMailbox: false });
  });

  it('refuses a bad SMTP_URL and the development mailbox in production', () => {
    expect(() => configFromEnv({ SIGNIN_ENCRYPTION_KEY: KEY, SMTP_URL: 'http://smtp.example.com' })).toThrow(/SMTP_URL/);
    expect(() => configFromEnv({ SIGNIN_ENCRYPTION_KEY: KEY, NODE_ENV: 'production', SIGNIN_DEV_MAILBOX: '1' })).toThrow(/SIGNIN_DEV_MAILBOX/);
  });
});
