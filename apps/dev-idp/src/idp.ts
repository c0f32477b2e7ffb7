/**
 * The development OpenID Provider: `oidc-provider` with a real sign-in page
 * (email + password against seeded users, or a magic link read from the
 * development mailbox), authorization code flow with PKCE, ID tokens,
 * userinfo, discovery, JWKS, introspection and revocation.
 */
import { createHash, generateKeyPairSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { pino, type Logger } from 'pino';
import { loginPage, magicSentPage, messagePage } from './pages.js';

export interface DevIdpUser {
  email: string;
  password: string;
  name: string;
  /** The `email_verified` claim (default true); false lets relying parties test what they do with an unverified address. */
  emailVerified?: boolean;
}

export interface DevIdpClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  /** Display name on the sign-in page (default: the client id). */
  client_name?: string;
}

export interface MailboxMessage {
  to: string;
  subject: string;
  link: string;
  at: string;
}

export interface DevIdpOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Issuer identifier (default `http://localhost:<port>`). */
  issuer?: string;
  clients: DevIdpClient[];
  /** Seeded users (default: `DEFAULT_USERS`). */
  users?: DevIdpUser[];
  logger?: Logger;
  /** Keys that sign the IdP's cookies (default: random per start). */
  cookieKeys?: string[];
  /** Lifetime of a magic link, in seconds (default 600). */
  magicLinkTtlSeconds?: number;
  /** Clock for magic-link expiry, epoch milliseconds (default Date.now). */
  now?: () => number;
}

export interface DevIdp {
  issuer: string;
  url: string;
  port: number;
  /** Messages the IdP "sent", oldest first. */
  mailbox(): MailboxMessage[];
  stop(): Promise<void>;
}

/** The demo user every default start seeds. */
export const DEMO_USER: DevIdpUser = { email: 'demo@latchkey.dev', password: 'latchkey-demo', name: 'Demo User' };

export const DEFAULT_USERS: DevIdpUser[] = [
  DEMO_USER,
  { email: 'alice@latchkey.dev', password: 'alice-password', name: 'Alice Example' },
  { email: 'bob@latchkey.dev', password: 'bob-password', name: 'Bob Example' },
];

/** Stable subject identifier of a user: derived from the lower-cased email. */
export function subjectOf(email: string): string {
  return `usr_${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24)}`;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time comparison of two strings (digests have a fixed length). */
function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

const TOKEN_ENDPOINTS = new Set(['/token', '/token/introspection', '/token/revocation']);

export async function startDevIdp(opts: DevIdpOptions): Promise<DevIdp> {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('dev-idp refuses to start with NODE_ENV=production: it is a development identity provider with seeded passwords');
  }
  const logger = opts.logger ?? pino({ level: 'silent' });
  const now = opts.now ?? Date.now;
  const magicTtlMs = (opts.magicLinkTtlSeconds ?? 600) * 1000;
  const users = new Map((opts.users ?? DEFAULT_USERS).map((u) => [u.email.trim().toLowerCase(), u]));
  const usersBySub = new Map([...users.values()].map((u) => [subjectOf(u.email), u]));
  const clientNames = new Map(opts.clients.map((c) => [c.client_id, c.client_name ?? c.client_id]));
  const messages: MailboxMessage[] = [];
  const magicLinks = new Map<string, { uid: string; email: string; expiresAt: number; used: boolean }>();

  // Listen first: with port 0 the issuer needs the port that was picked.
  const server: Server = createServer();
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = (opts.issuer ?? `http://localhost:${port}`).replace(/\/+$/, '');

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' };

  const configuration: Configuration = {
    clients: opts.clients.map((c) => ({
      client_id: c.client_id,
      client_secret: c.client_secret,
      client_name: c.client_name ?? c.client_id,
      redirect_uris: c.redirect_uris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // Both client_secret_basic and client_secret_post work: Basic credentials are moved into the body below.
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [signingKey as never] },
    cookies: {
      keys: opts.cookieKeys ?? [randomBytes(32).toString('hex')],
      // Plain http://localhost in development: no `secure` flag unless the request came over https.
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    // Put the claims of the granted scopes into the ID token too (the relying party need not call userinfo).
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      // Every registered client is confidential and authenticated at the endpoint: each may introspect any token.
      introspection: { enabled: true, allowedPolicy: async () => true },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}`,
    },
    // Every registered client is first-party: grant the requested scopes without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { provider, session, client, params } = ctx.oidc;
      if (!session?.accountId || !client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const grant =
        (grantId ? await provider.Grant.find(grantId) : undefined) ?? new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(String(params?.scope ?? 'openid'));
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, sub) {
      const user = usersBySub.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { sub, email: user.email, email_verified: user.emailVerified ?? true, name: user.name };
        },
      };
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in error', `${out.error}: ${out.error_description ?? ''}`);
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = true;
  provider.on('server_error', (_ctx, err) => logger.error({ err }, 'oidc-provider server error'));

  const mailboxUrl = `${issuer}/dev/mailbox`;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  const form = express.urlencoded({ extended: false, limit: '16kb' });

  // Client credentials in an Authorization: Basic header are moved into the (pre-parsed) body,
  // so clients registered with client_secret_post may use either method.
  const basicToPost: express.RequestHandler = (req, _res, next) => {
    const header = req.headers.authorization;
    if (header?.startsWith('Basic ') && req.body && typeof req.body === 'object') {
      const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
      const sep = decoded.indexOf(':');
      if (sep > 0) {
        const unform = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
        try {
          req.body.client_id = unform(decoded.slice(0, sep));
          req.body.client_secret = unform(decoded.slice(sep + 1));
          delete req.headers.authorization;
        } catch {
          // Malformed encoding: leave the request as is and let the provider reject it.
        }
      }
    }
    next();
  };
  // Only requests with Basic credentials are parsed here; the provider reads every other body itself.
  app.post([...TOKEN_ENDPOINTS], (req, res, next) =>
    req.headers.authorization?.startsWith('Basic ') ? form(req, res, (err?: unknown) => (err ? next(err) : basicToPost(req, res, next))) : next(),
  );

  app.get('/dev/mailbox', (_req, res) => {
    res.set('cache-control', 'no-store').json(messages);
  });

  const details = async (req: Request, res: Response) => {
    try {
      return await provider.interactionDetails(req, res);
    } catch {
      res
        .status(400)
        .type('html')
        .send(messagePage('Sign-in expired', 'This sign-in attempt has expired or was started in another browser. Go back to the site and sign in again.'));
      return undefined;
    }
  };

  const finishLogin = async (req: Request, res: Response, email: string) => {
    await provider.interactionFinished(req, res, { login: { accountId: subjectOf(email) } }, { mergeWithLastSubmission: false });
  };

  app.get('/interaction/:uid', async (req, res) => {
    const interaction = await details(req, res);
    if (!interaction) return;
    res.set('cache-control', 'no-store');
    if (interaction.prompt.name === 'login') {
      res.type('html').send(
        loginPage({
          uid: interaction.uid,
          clientName: clientNames.get(String(interaction.params.client_id)) ?? 'the site',
          email: String(interaction.params.login_hint ?? ''),
        }),
      );
      return;
    }
    // Consent is granted by loadExistingGrant; any other prompt is finished as is.
    await provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
  });

  app.post('/interaction/:uid/login', form, async (req, res) => {
    const interaction = await details(req, res);
    if (!interaction) return;
    const email = String(req.body?.email ?? '').trim();
    const password = String(req.body?.password ?? '');
    const user = users.get(email.toLowerCase());
    // Compare even for unknown users so that timing does not tell which emails exist.
    const ok = sameSecret(password, user?.password ?? randomBytes(16).toString('hex')) && !!user;
    if (!ok) {
      logger.info({ uid: interaction.uid }, 'dev-idp: wrong email or password');
      res
        .status(401)
        .set('cache-control', 'no-store')
        .type('html')
        .send(
          loginPage({
            uid: interaction.uid,
            clientName: clientNames.get(String(interaction.params.client_id)) ?? 'the site',
            email,
            error: 'Wrong email or password.',
          }),
        );
      return;
    }
    await finishLogin(req, res, user!.email);
  });

  app.post('/interaction/:uid/magic', form, async (req, res) => {
    const interaction = await details(req, res);
    if (!interaction) return;
    const email = String(req.body?.email ?? '').trim();
    const user = users.get(email.toLowerCase());
    if (user) {
      const token = randomBytes(32).toString('hex');
      magicLinks.set(createHash('sha256').update(token).digest('hex'), { uid: interaction.uid, email: user.email, expiresAt: now() + magicTtlMs, used: false });
      const link = `${issuer}/interaction/${encodeURIComponent(interaction.uid)}/magic/${token}`;
      messages.push({ to: user.email, subject: 'Your Latchkey sign-in link', link, at: new Date(now()).toISOString() });
      logger.info({ to: user.email, link }, 'dev-idp: magic sign-in link sent');
    }
    res
      .set('cache-control', 'no-store')
      .type('html')
      .send(magicSentPage({ uid: interaction.uid, mailboxUrl }));
  });

  app.get('/interaction/:uid/magic/:token', async (req, res) => {
    const key = createHash('sha256').update(String(req.params.token)).digest('hex');
    const entry = magicLinks.get(key);
    if (!entry || entry.used || entry.uid !== req.params.uid || entry.expiresAt <= now()) {
      res.status(400).type('html').send(messagePage('Link not valid', 'This sign-in link has expired or was already used. Request a new one.'));
      return;
    }
    const interaction = await details(req, res);
    if (!interaction) return;
    if (interaction.uid !== entry.uid) {
      res.status(400).type('html').send(messagePage('Link not valid', 'This sign-in link belongs to another sign-in attempt.'));
      return;
    }
    entry.used = true;
    await finishLogin(req, res, entry.email);
  });

  app.get('/interaction/:uid/abort', async (req, res) => {
    const interaction = await details(req, res);
    if (!interaction) return;
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
  });

  app.use(provider.callback());
  server.on('request', app);

  logger.info({ issuer, mailbox: mailboxUrl }, 'dev-idp listening');
  let stopping: Promise<void> | undefined;
  return {
    issuer,
    url: `http://${host === '0.0.0.0' || host === '::' || host === '127.0.0.1' ? 'localhost' : host}:${port}`,
    port,
    mailbox: () => messages.map((m) => ({ ...m })),
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return stopping;
    },
  };
}
