import { configFromEnv, launchSettingsFromEnv } from './config.js';

const KEY = '0'.repeat(64);

describe('config', () => {
  it('reads the mail settings', () => {
    const smtp = configFromEnv({
      SIGNIN_ENCRYPTION_KEY: KEY,
      SMTP_URL: 'smtps://u:p@smtp.example.com:465',
      MAIL_FROM: 'Shop <a@shop.example>',
      SIGNIN_DEV_MAILBOX: '1',
    }).config;
    expect(smtp.mail).toEqual({ smtpUrl: 'smtps://u:p@smtp.example.com:465', devMailbox: false, defaultFrom: 'Shop <a@shop.example>' });
    expect(configFromEnv({ SIGNIN_ENCRYPTION_KEY: KEY, SIGNIN_DEV_MAILBOX: '1' }).config.mail).toMatchObject({ smtpUrl: undefined, devMailbox: true });
    expect(configFromEnv({ SIGNIN_ENCRYPTION_KEY: KEY }).config.mail).toMatchObject({ devMailbox: false });
    // A yes/no variable like the others (service-kit's flag).
    expect(configFromEnv({ SIGNIN_ENCRYPTION_KEY: KEY, SIGNIN_DEV_MAILBOX: 'yes' }).config.mail).toMatchObject({ devMailbox: true });
    expect(configFromEnv({ SIGNIN_ENCRYPTION_KEY: KEY, SIGNIN_DEV_MAILBOX: 'off' }).config.mail).toMatchObject({ devMailbox: false });
    expect(() => configFromEnv({ SIGNIN_ENCRYPTION_KEY: 'ab' })).toThrow(/SIGNIN_ENCRYPTION_KEY: must be 32 bytes/);
  });

  it('refuses a bad SMTP_URL and the development mailbox in production', () => {
    expect(() => configFromEnv({ SIGNIN_ENCRYPTION_KEY: KEY, SMTP_URL: 'http://smtp.example.com' })).toThrow(/SMTP_URL/);
    expect(() => configFromEnv({ SIGNIN_ENCRYPTION_KEY: KEY, NODE_ENV: 'production', SIGNIN_DEV_MAILBOX: '1' })).toThrow(/SIGNIN_DEV_MAILBOX/);
  });

  it('reads what pnpm start takes from the environment through the same rules', () => {
    expect(launchSettingsFromEnv({})).toEqual({
      appDatabasesUrl: undefined,
      mail: { smtpUrl: undefined, devMailbox: true, defaultFrom: 'Latchkey demo <no-reply@latchkey.localhost>' },
    });
    // Empty counts as unset; APP_DATABASES_URL wins over DATABASE_URL.
    expect(launchSettingsFromEnv({ DATABASE_URL: 'postgresql://db.example/x', SMTP_URL: '' }).appDatabasesUrl).toBe('postgresql://db.example/x');
    const set = launchSettingsFromEnv({
      DATABASE_URL: 'postgresql://db.example/x',
      APP_DATABASES_URL: 'postgresql://apps.example/postgres',
      SMTP_URL: 'smtp://smtp.example.com:25',
      MAIL_FROM: 'Shop <a@shop.example>',
    });
    expect(set).toEqual({
      appDatabasesUrl: 'postgresql://apps.example/postgres',
      mail: { smtpUrl: 'smtp://smtp.example.com:25', devMailbox: false, defaultFrom: 'Shop <a@shop.example>' },
    });
    expect(() => launchSettingsFromEnv({ SMTP_URL: 'http://smtp.example.com' })).toThrow(/SMTP_URL/);
  });
});
