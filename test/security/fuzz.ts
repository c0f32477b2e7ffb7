/**
 * The malformed-request corpus of the security suite's fuzz passes: wrong
 * types, huge strings, NUL and invalid UTF-8, deep JSON, malformed JSON,
 * wrong content types, empty and oversized bodies, bad %-encoding in paths.
 *
 * Cases come in two kinds:
 * - `refused`: the request is bad whatever the endpoint (not JSON, wrong
 *   types, NUL, deep nesting, oversized): it must answer a 4xx and change
 *   nothing, so a fuzz pass compares the service's state before and after.
 * - `odd`: a well-formed value a service may legitimately accept (a long
 *   string, a lone surrogate, markup): only "never a 5xx" is asserted.
 */
import { request as httpRequest } from 'node:http';

export interface FuzzCase {
  /** What the case is (shown when the assertion fails). */
  name: string;
  /** The Content-Type header sent (none when undefined). */
  contentType?: string;
  body: string | Buffer;
  kind: 'refused' | 'odd';
  /**
   * A body that no JSON parser accepts as an object or array (malformed, not
   * UTF-8, a scalar, over the size limit): refused even by a route that takes
   * no body, when sent as JSON.
   */
  unparsable?: boolean;
  /** The field a field case changed, and its value. */
  field?: string;
  value?: unknown;
}

/** Values that are never a valid string, number or object field. */
export const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1e308, 3.5, [], {}, [[[[]]]], ['x'], { a: { b: { c: 1 } } }, { __proto__: { admin: true } }];
/** Strings no field can store: NUL (PostgreSQL text refuses it). */
export const CONTROL_STRINGS: string[] = ['\u0000', 'a\u0000b', 'ada\u0000@example.com', 'x\u0000'.repeat(100)];
/** Strings that are well-formed but hostile. */
export const ODD_STRINGS: string[] = [
  'x'.repeat(20_000),
  '\ud800',
  '%E0%A4%A',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\u202e\u0007\u001b[31m',
  '',
];

/** Bodies that are not a JSON object a route can use. */
export function malformedBodies(oversizedBytes: number): FuzzCase[] {
  const json = 'application/json';
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
  const cases: FuzzCase[] = [
    { name: 'empty body', contentType: json, body: '', kind: 'refused' },
    { name: 'empty body, no content type', body: '', kind: 'refused' },
    { name: 'unterminated object', contentType: json, body: '{', kind: 'refused', unparsable: true },
    { name: 'unterminated member', contentType: json, body: '{"a":', kind: 'refused', unparsable: true },
    { name: 'unterminated array', contentType: json, body: '[1,2', kind: 'refused', unparsable: true },
    { name: 'not json', contentType: json, body: 'not json', kind: 'refused', unparsable: true },
    { name: 'single quotes', contentType: json, body: "{'a':1}", kind: 'refused', unparsable: true },
    { name: 'trailing comma', contentType: json, body: '{"a":1,}', kind: 'refused', unparsable: true },
    { name: 'two documents', contentType: json, body: '{}{}', kind: 'refused', unparsable: true },
    { name: 'NUL byte body', contentType: json, body: '\u0000', kind: 'refused', unparsable: true },
    { name: 'NUL inside json', contentType: json, body: '{"a":"\u0000"', kind: 'refused', unparsable: true },
    { name: 'invalid UTF-8 (ff fe)', contentType: json, body: Buffer.from([0xff, 0xfe, 0x7b, 0x7d]), kind: 'refused', unparsable: true },
    {
      name: 'invalid UTF-8 inside a string',
      contentType: json,
      body: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28, 0xa0, 0xa1]), Buffer.from('"}')]),
      kind: 'refused',
    },
    { name: 'overlong UTF-8 slash', contentType: json, body: Buffer.from([0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d]), kind: 'refused' },
    { name: 'UTF-16 body', contentType: 'application/json; charset=utf-16', body: Buffer.from('{"a":1}', 'utf16le'), kind: 'refused' },
    { name: 'unknown charset', contentType: 'application/json; charset=latin9', body: '{"a":1}', kind: 'refused', unparsable: true },
    { name: 'deep array (5000)', contentType: json, body: deep(5000), kind: 'refused' },
    { name: 'deep array (100000)', contentType: json, body: deep(100_000), kind: 'refused' },
    { name: 'deep object (3000)', contentType: json, body: deepObject(3000), kind: 'refused' },
    { name: 'top-level null', contentType: json, body: 'null', kind: 'refused', unparsable: true },
    { name: 'top-level number', contentType: json, body: '42', kind: 'refused', unparsable: true },
    { name: 'top-level string', contentType: json, body: '"x"', kind: 'refused', unparsable: true },
    { name: 'top-level array', contentType: json, body: '[]', kind: 'refused' },
    { name: 'top-level true', contentType: json, body: 'true', kind: 'refused', unparsable: true },
    { name: 'empty object', contentType: json, body: '{}', kind: 'refused' },
    { name: 'text/plain', contentType: 'text/plain', body: '{"a":1}', kind: 'refused' },
    { name: 'form encoded', contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=%E0%A4%A', kind: 'refused' },
    {
      name: 'multipart',
      contentType: 'multipart/form-data; boundary=x',
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      kind: 'refused',
    },
    {
      name: 'xml',
      contentType: 'application/xml',
      body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      kind: 'refused',
    },
    { name: 'garbage content type', contentType: '\u00ff/\u00ff', body: '{}', kind: 'refused' },
    { name: 'content type without subtype', contentType: 'application', body: '{}', kind: 'refused' },
    { name: 'oversized body', contentType: json, body: JSON.stringify({ a: 'x'.repeat(oversizedBytes) }), kind: 'refused', unparsable: true },
    { name: '__proto__ pollution', contentType: json, body: '{"__proto__":{"admin":true,"role":"owner"}}', kind: 'odd' },
    { name: 'constructor.prototype pollution', contentType: json, body: '{"constructor":{"prototype":{"admin":true}}}', kind: 'odd' },
  ];
  return cases;
}

/**
 * A valid `base` body with one field at a time replaced by each wrong type
 * and each control string (kind `refused`), and by each odd string (kind
 * `odd`); `paths` names the fields (dotted for nested ones).
 */
export function fieldCases(base: Record<string, unknown>, paths: string[]): FuzzCase[] {
  const out: FuzzCase[] = [];
  const withValue = (path: string, value: unknown) => {
    const copy = structuredClone(base);
    const keys = path.split('.');
    let at: Record<string, unknown> = copy;
    for (const k of keys.slice(0, -1)) {
      if (typeof at[k] !== 'object' || at[k] === null) at[k] = {};
      at = at[k] as Record<string, unknown>;
    }
    at[keys.at(-1)!] = value;
    return JSON.stringify(copy);
  };
  for (const path of paths) {
    const add = (v: unknown, kind: FuzzCase['kind']) =>
      out.push({ name: `${path} = ${JSON.stringify(v).slice(0, 40)}`, contentType: 'application/json', body: withValue(path, v), kind, field: path, value: v });
    for (const v of WRONG_TYPES) add(v, 'refused');
    for (const v of CONTROL_STRINGS) add(v, 'refused');
    for (const v of ODD_STRINGS) add(v, 'odd');
  }
  return out;
}

/** Paths with malformed %-encoding, under `prefix` (no trailing slash). */
export function badPaths(prefix: string): string[] {
  return ['%E0%A4%A', '%', '%%', '%zz', '%C0%AF', '%ED%A0%80', '%00', '..%2F..%2Fetc', '%FF%FE', `${'%41'.repeat(2000)}`].map((p) => `${prefix}/${p}`);
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * Sends one raw HTTP request (node:http, so the path goes out byte for byte
 * and bodies may be invalid UTF-8). Never throws for an HTTP status; a reset
 * connection answers status 0.
 */
export function send(
  base: string,
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: string | Buffer; contentType?: string } = {},
): Promise<Answer> {
  const url = new URL(base);
  const body = opts.body === undefined ? undefined : Buffer.isBuffer(opts.body) ? opts.body : Buffer.from(opts.body);
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.contentType !== undefined) headers['content-type'] = opts.contentType;
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolve) => {
    // A large header limit: a service may answer a 3xx whose Location carries the huge value it was sent.
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers, maxHeaderSize: 1 << 20 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: '' }));
    });
    req.on('error', () => resolve({ status: 0, headers: {}, text: '' }));
    req.end(body);
  });
}

export interface FuzzReport {
  /** Requests sent. */
  sent: number;
  /** Answers that were a 5xx or a reset connection, named. */
  serverErrors: string[];
  /** `refused` cases that were not answered with a 4xx, named. */
  accepted: string[];
}

/** Sends each case to `method path` (one at a time) and reports what went wrong. */
export async function fuzz(base: string, method: string, path: string, cases: FuzzCase[], headers: Record<string, string> = {}): Promise<FuzzReport> {
  const report: FuzzReport = { sent: 0, serverErrors: [], accepted: [] };
  for (const c of cases) {
    const res = await send(base, method, path, { headers, body: c.body, contentType: c.contentType });
    report.sent++;
    const line = `${method} ${path} [${c.name}] → ${res.status} ${res.text.slice(0, 200)}`;
    if (res.status >= 500 || res.status === 0) report.serverErrors.push(line);
    else if (c.kind === 'refused' && res.status < 400) report.accepted.push(line);
  }
  return report;
}
