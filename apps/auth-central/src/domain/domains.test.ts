import { checkRedirectUrl, normalizeDomain, normalizeDomains, originHost } from './domains.js';

const DOMAINS = ['good.com', 'www.good.com', 'localhost', '127.0.0.1', 'xn--bcher-kva.example'];

describe('checkRedirectUrl: the open-redirect corpus', () => {
  const allowed: Array<[string, string]> = [
    ['bare listed domain', 'https://good.com/'],
    ['listed www form', 'https://www.good.com/path?q=1#frag'],
    ['no path', 'https://good.com'],
    ['upper-case host (WHATWG lowercases)', 'https://GOOD.COM/x'],
    ['upper-case scheme', 'HTTPS://good.com/'],
    ['non-default port on a listed host', 'https://good.com:8443/cb'],
    ['localhost over http with a port', 'http://localhost:4105/'],
    ['127.0.0.1 over http', 'http://127.0.0.1:3000/cb'],
    ['IDN host of a listed punycode domain', 'https://bücher.example/'],
    ['encoded slashes in the path stay on the host', 'https://good.com/%2f%2fevil.com'],
    ['evil.com as a path segment', 'https://good.com/evil.com'],
    ['query carrying another URL', 'https://good.com/?next=https://evil.com'],
    ['decimal form of a listed IP (WHATWG reads it as 127.0.0.1: the same host)', 'http://2130706433/'],
  ];
  it.each(allowed)('accepts %s: %s', (_name, url) => {
    const r = checkRedirectUrl(url, DOMAINS);
    expect(r).toEqual({ ok: true, url: expect.any(URL) });
  });

  const refused: Array<[string, unknown]> = [
    ['userinfo pointing elsewhere', 'https://good.com@evil.com/'],
    ['userinfo on the good host', 'https://user:pass@good.com/'],
    ['empty userinfo', 'https://@good.com/'],
    ['suffix trick', 'https://good.com.evil.com/'],
    ['prefix trick', 'https://evilgood.com/'],
    ['unlisted subdomain', 'https://api.good.com/'],
    ['good.com only in the path', 'https://evil.com/good.com'],
    ['protocol-relative', '//evil.com/'],
    ['protocol-relative to the good host', '//good.com/'],
    ['slash-backslash', '/\\evil.com'],
    ['backslash authority', 'https:\\\\evil.com'],
    ['backslash before @', 'https://good.com\\@evil.com/'],
    ['scheme without slashes', 'https:evil.com'],
    ['scheme without slashes to the good host', 'https:good.com'],
    ['javascript:', 'javascript:alert(document.domain)//good.com'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript', 'vbscript:msgbox(1)'],
    ['file:', 'file:///etc/passwd'],
    ['ftp on the good host', 'ftp://good.com/'],
    ['plain http on a public host', 'http://good.com/'],
    ['trailing-dot host', 'https://good.com./'],
    ['upper-case trailing-dot host', 'https://GOOD.COM./'],
    ['punycode look-alike (Cyrillic o)', 'https://gооd.com/'],
    ['explicit punycode look-alike', 'https://xn--gd-3fa.com/'],
    ['%2f%2f in the host', 'https://good.com%2f%2fevil.com/'],
    ['encoded dot host trick', 'https://good%2ecom.evil.com/'],
    ['relative path', '/account'],
    ['tab inside the scheme', 'ht\ttps://evil.com'],
    ['newline', 'https://good.com/\nLocation: https://evil.com'],
    ['leading space', ' https://good.com/'],
    ['null byte', 'https://good.com\u0000.evil.com/'],
    ['IPv4 not listed', 'https://10.0.0.1/'],
    ['decimal form of an unlisted IP', 'https://167772161/'],
    ['IPv6 loopback not listed', 'http://[::1]:3000/'],
    ['localhost look-alike', 'http://localhost.evil.com/'],
    ['empty string', ''],
    ['not a string', 42],
    ['an array', ['https://good.com/']],
    ['too long', `https://good.com/${'a'.repeat(3000)}`],
  ];
  it.each(refused)('refuses %s', (_name, url) => {
    const r = checkRedirectUrl(url, DOMAINS);
    expect(r.ok).toBe(false);
  });

  it('refuses everything when the app lists nothing', () => {
    expect(checkRedirectUrl('https://good.com/', []).ok).toBe(false);
  });
});

describe('normalizeDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['Example.COM', 'example.com'],
    ['  www.example.com ', 'www.example.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['localhost', 'localhost'],
    ['127.0.0.1', '127.0.0.1'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
  ])('accepts %s as %s', (input, out) => {
    expect(normalizeDomain(input)).toBe(out);
  });

  it.each([
    'https://example.com',
    'example.com/path',
    'example.com:8080',
    'user@example.com',
    '*.example.com',
    'example.com.',
    'example',
    '-bad.example.com',
    'bad-.example.com',
    'exa mple.com',
    '10.0.0.1',
    '[::1]',
    'example.com?x',
    '',
    'a'.repeat(64) + '.com',
  ])('refuses %s', (input) => {
    expect(normalizeDomain(input)).toBeNull();
  });

  it('normalizes a list and names the first bad entry', () => {
    expect(normalizeDomains(['A.com', 'a.com', 'b.com'])).toEqual({ ok: true, domains: ['a.com', 'b.com'] });
    expect(normalizeDomains(['a.com', 'http://b.com'])).toEqual({ ok: false, invalid: 'http://b.com' });
  });
});

describe('originHost', () => {
  it.each([
    ['https://good.com', 'good.com'],
    ['https://www.good.com:8443', 'www.good.com'],
    ['http://localhost:4105', 'localhost'],
  ])('%s → %s', (origin, host) => {
    expect(originHost(origin)).toBe(host);
  });
  it.each(['null', 'http://good.com', 'https://good.com/', 'https://good.com.', 'file://', 'https://a@good.com', ''])('refuses %s', (origin) => {
    expect(originHost(origin)).toBeNull();
  });
});
