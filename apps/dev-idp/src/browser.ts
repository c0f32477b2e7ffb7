/**
 * Drives the dev IdP's sign-in pages with plain HTTP (fetch + a cookie jar), as
 * a browser would. For tests of relying parties (auth-central) that need a
 * signed-in callback without a real browser.
 */

export class SignInError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: string,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

/** A minimal cookie jar: name → value per host, paths and expiry honoured loosely. */
class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  store(url: URL, response: Response): void {
    const setCookies = response.headers.getSetCookie?.() ?? [];
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq <= 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k, v] = a.split('=').map((x) => x.trim());
        if (k?.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k?.toLowerCase() === 'expires') return Date.parse(v ?? '') <= Date.now();
        return false;
      });
      const jar = this.cookies.get(url.host) ?? new Map<string, string>();
      this.cookies.set(url.host, jar);
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  header(url: URL): string | undefined {
    const jar = this.cookies.get(url.host);
    if (!jar || jar.size === 0) return undefined;
    return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

interface Page {
  url: URL;
  status: number;
  html: string;
}

/** A tiny browser: follows redirects within `origin`, stops at the first redirect leaving it. */
class Browser {
  readonly jar = new CookieJar();
  constructor(private readonly origin: string) {}

  /** Requests `url`; returns either a page of the IdP or the URL of a redirect that leaves the IdP. */
  async go(url: URL, init: { method?: string; form?: Record<string, string> } = {}): Promise<Page | { leftTo: string }> {
    let current = url;
    let method = init.method ?? 'GET';
    let body: string | undefined = init.form ? new URLSearchParams(init.form).toString() : undefined;
    for (let hop = 0; hop < 20; hop++) {
      const headers: Record<string, string> = { accept: 'text/html' };
      const cookie = this.jar.header(current);
      if (cookie) headers.cookie = cookie;
      if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const res = await fetch(current, { method, headers, body, redirect: 'manual' });
      this.jar.store(current, res);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel();
        const next = new URL(location, current);
        if (next.origin !== this.origin) return { leftTo: next.href };
        current = next;
        method = 'GET';
        body = undefined;
        continue;
      }
      return { url: current, status: res.status, html: await res.text() };
    }
    throw new SignInError('too many redirects');
  }
}

/** The `action` of the form with the given id in `html`, resolved against `base`. */
function formAction(html: string, id: string, base: URL): URL | undefined {
  const tag = new RegExp(`<form\\b[^>]*\\bid="${id}"[^>]*>`, 'i').exec(html)?.[0];
  if (!tag) return undefined;
  const action = /\baction="([^"]*)"/i.exec(tag)?.[1] ?? '';
  return new URL(action.replace(/&amp;/g, '&'), base);
}

function pageError(html: string): string {
  const m = /<p class="error"[^>]*>([\s\S]*?)<\/p>/i.exec(html);
  return m ? m[1]!.replace(/<[^>]+>/g, '').trim() : 'unexpected page';
}

async function startSignIn(authorizeUrl: string): Promise<{ browser: Browser; page: Page }> {
  const start = new URL(authorizeUrl);
  const browser = new Browser(start.origin);
  const first = await browser.go(start);
  if ('leftTo' in first) {
    // Already signed in at the IdP: it answered with the callback at once.
    throw Object.assign(new SignInError('the IdP redirected without showing its sign-in page'), { leftTo: first.leftTo });
  }
  if (!formAction(first.html, 'login-form', first.url)) {
    throw new SignInError(`no sign-in form at ${first.url.pathname}: ${pageError(first.html)}`, first.status, first.html);
  }
  return { browser, page: first };
}

/**
 * Starts at `authorizeUrl` (the IdP's authorization URL, i.e. the Location a
 * relying party redirected to), submits email and password, and returns the
 * final redirect the IdP sends the browser to (the relying party's callback
 * URL with `code`, `state` and `iss`). Throws `SignInError` when the IdP
 * refuses the credentials.
 */
export async function signInWithPassword(authorizeUrl: string, creds: { email: string; password: string }): Promise<string> {
  const { browser, page } = await startSignIn(authorizeUrl);
  const action = formAction(page.html, 'login-form', page.url)!;
  const result = await browser.go(action, { method: 'POST', form: { email: creds.email, password: creds.password } });
  if ('leftTo' in result) return result.leftTo;
  throw new SignInError(`sign-in refused: ${pageError(result.html)}`, result.status, result.html);
}

/**
 * Same as `signInWithPassword`, with a magic link: asks for a link for
 * `email`, reads it from the IdP's development mailbox (`GET /dev/mailbox`)
 * and follows it in the same cookie jar.
 */
export async function signInWithMagicLink(authorizeUrl: string, creds: { email: string }): Promise<string> {
  const { browser, page } = await startSignIn(authorizeUrl);
  const action = formAction(page.html, 'magic-form', page.url);
  if (!action) throw new SignInError('no magic-link form on the sign-in page');
  const sent = await browser.go(action, { method: 'POST', form: { email: creds.email } });
  if ('leftTo' in sent) throw new SignInError('unexpected redirect after asking for a magic link');
  const uid = decodeURIComponent(action.pathname.split('/')[2] ?? '');
  const mailbox = (await (await fetch(new URL('/dev/mailbox', action))).json()) as Array<{ to: string; link: string }>;
  const message = [...mailbox]
    .reverse()
    .find((m) => m.to.toLowerCase() === creds.email.toLowerCase() && m.link.includes(`/interaction/${encodeURIComponent(uid)}/magic/`));
  if (!message) throw new SignInError(`no magic link for ${creds.email} in the mailbox`);
  // The link carries the IdP's issuer; follow it on the origin the browser is using.
  const link = new URL(message.link);
  const result = await browser.go(new URL(link.pathname, action));
  if ('leftTo' in result) return result.leftTo;
  throw new SignInError(`magic link refused: ${pageError(result.html)}`, result.status, result.html);
}
