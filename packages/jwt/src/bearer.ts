/**
 * The token of an `Authorization: Bearer <token>` header (RFC 6750 §2.1):
 * the scheme is case-insensitive (RFC 9110 §11.1), exactly one space
 * separates it from the token (SPEC.md: "the `Bearer ` prefix followed by a
 * space"), whitespace around the whole value is ignored (HTTP's optional
 * whitespace), and the token is one run of non-whitespace characters.
 *
 * The one parser of every Latchkey service and of `@latchkey/auth-backend`.
 *
 * @param header the header's value as Node or Express gives it (a repeated
 *   header, an array, is refused)
 * @returns the token, or null when the header is absent or not one Bearer token
 */
export function parseBearer(header: string | string[] | undefined | null): string | null {
  if (typeof header !== 'string') return null;
  const m = BEARER.exec(header);
  return m ? m[1]! : null;
}

const BEARER = /^\s*Bearer (\S+)\s*$/i;
