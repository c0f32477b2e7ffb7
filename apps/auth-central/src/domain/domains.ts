/**
 * Domain rules of area A: what an `allowed_auth_domains` entry may be, which
 * `redirect_url` values a login accepts, and which browser origins get CORS.
 *
 * Choices (README, "Redirect and origin rules"):
 * - A domain is a lowercase ASCII hostname. Internationalised names are
 *   stored in their punycode form (`bücher.example` → `xn--bcher-kva.example`),
 *   so a look-alike host never equals a listed one. No scheme, path, port,
 *   userinfo, wildcard or trailing dot. `localhost` and `127.0.0.1` are the
 *   only single-label / IP entries accepted (local development).
 * - A host matches when it is *exactly* a listed domain. Subdomains are not
 *   implied: `www.example.com` is accepted only when it is listed.
 * - A redirect URL must be an absolute `https://` URL (`http://` only for
 *   `localhost` and `127.0.0.1`), without userinfo, without backslashes,
 *   control characters or whitespace, and its host (after WHATWG parsing,
 *   which lowercases and converts IDN to punycode) must match. A trailing-dot
 *   host (`example.com.`) is refused: it names the same server but another
 *   origin, and refusing it keeps redirect and CORS rules identical.
 * - Ports are not part of the domain rule: any port on a listed host is
 *   accepted (the allow-list names domains, SPEC.md; a host's owner controls
 *   all of its ports), e.g. `http://localhost:4105`.
 */
import { domainToASCII } from 'node:url';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const MAX_URL_LENGTH = 2048;

/**
 * Normalises one `allowed_auth_domains` entry.
 * @returns the lowercase ASCII (punycode) hostname, or null when the value is not a plain domain.
 */
export function normalizeDomain(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const raw = input.trim();
  if (!raw || raw.length > 253) return null;
  // Anything that is not part of a hostname: scheme, path, port, userinfo, query, wildcard, spaces.
  if (/[/:@?#*\\\s%[\]]/.test(raw)) return null;
  if (raw.endsWith('.')) return null;
  const ascii = domainToASCII(raw);
  if (!ascii) return null;
  if (LOCAL_HOSTS.has(ascii)) return ascii;
  // No other IP addresses (IPv4 literals end in a numeric label).
  if (/^[0-9.]+$/.test(ascii) || /\.[0-9]+$/.test(ascii)) return null;
  const labels = ascii.split('.');
  if (labels.length < 2) return null;
  if (!labels.every((l) => LABEL.test(l))) return null;
  return ascii;
}

/**
 * Normalises a list of domains (order kept, duplicates removed).
 * @returns the list, or the first invalid entry.
 */
export function normalizeDomains(input: unknown[]): { ok: true; domains: string[] } | { ok: false; invalid: string } {
  const out: string[] = [];
  for (const entry of input) {
    const d = normalizeDomain(entry);
    if (!d) return { ok: false, invalid: String(entry) };
    if (!out.includes(d)) out.push(d);
  }
  return { ok: true, domains: out };
}

/** True when `host` (as WHATWG URL parsing gives it) is exactly one of `domains`. */
export function hostAllowed(host: string, domains: readonly string[]): boolean {
  return domains.includes(host);
}

export type RedirectCheck = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Checks a login's `redirect_url` against an app's allowed domains.
 * See the module comment for every rule.
 */
export function checkRedirectUrl(input: unknown, domains: readonly string[]): RedirectCheck {
  if (typeof input !== 'string' || input.length === 0) return { ok: false, reason: 'redirect_url is required' };
  if (input.length > MAX_URL_LENGTH) return { ok: false, reason: 'redirect_url is too long' };
  // Backslashes are read as slashes by browsers for http(s); control characters and spaces are stripped. Refuse both.
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f]/.test(input)) return { ok: false, reason: 'redirect_url contains forbidden characters' };
  // Absolute URLs only, with the two slashes: refuses `//evil.com`, `/\evil.com`, `https:evil.com`, `javascript:`, `data:`.
  if (!/^https?:\/\//i.test(input)) return { ok: false, reason: 'redirect_url must be an absolute http(s) URL' };
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, reason: 'redirect_url is not a valid URL' };
  }
  const authority = input.slice(input.indexOf('//') + 2).split(/[/?#]/, 1)[0] ?? '';
  if (url.username || url.password || authority.includes('@')) {
    return { ok: false, reason: 'redirect_url must not carry credentials' };
  }
  const host = url.hostname;
  if (!host || host.endsWith('.')) return { ok: false, reason: 'redirect_url has an invalid host' };
  if (url.protocol === 'http:' && !LOCAL_HOSTS.has(host)) return { ok: false, reason: 'redirect_url must use https' };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'redirect_url must use https' };
  if (!hostAllowed(host, domains)) return { ok: false, reason: 'the redirect domain is not allowed for this app' };
  return { ok: true, url };
}

/**
 * The host of a browser `Origin` header when it may receive CORS headers
 * (same scheme rules as redirects), else null. `null` origins are refused.
 */
export function originHost(origin: string): string | null {
  if (!/^https?:\/\/[^/]+$/i.test(origin)) return null;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  const host = url.hostname;
  if (!host || host.endsWith('.')) return null;
  if (url.protocol === 'http:' && !LOCAL_HOSTS.has(host)) return null;
  return host;
}
