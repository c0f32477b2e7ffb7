/**
 * The strategic request (SPEC.md, Strategic request) with Latchkey's limits
 * (SPEC.md leaves them "not shown"): at most 50 messages of at most 20,000
 * characters each, a JSON body of at most 256 kB, context strings of at most
 * 200 characters, at most 50 previousWork items, a sessionId of 1-128
 * characters of [A-Za-z0-9._:-], previousWork items nested at most 16 levels
 * deep. Unknown fields are ignored.
 */
import { z } from 'zod';
import { badRequest } from '../errors.js';
import type { StrategicRequest } from '../domain/guidance.js';

export const LIMITS = {
  bodyBytes: 256 * 1024,
  messages: 50,
  contentChars: 20_000,
  contextChars: 200,
  previousWork: 50,
  /** Nesting depth of one previousWork item (a string is depth 1, ["x"] depth 2). */
  previousWorkDepth: 16,
  sessionIdChars: 128,
} as const;

/** Control characters other than tab and newlines: never text a person wrote, and NUL cannot be stored. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const noControl = (s: string) => !CONTROL.test(s);
const contextString = z.string().trim().min(1).max(LIMITS.contextChars).refine(noControl, 'must not contain control characters');

export const strategicRequestSchema = z.object({
  messages: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant', 'system']),
        content: z.string().max(LIMITS.contentChars).refine(noControl, 'must not contain control characters'),
      }),
    )
    .min(1)
    .max(LIMITS.messages),
  userContext: z
    .object({
      industry: contextString.optional(),
      businessStage: z.enum(['startup', 'growth', 'enterprise']).optional(),
      role: contextString.optional(),
      previousWork: z.array(z.unknown()).max(LIMITS.previousWork).optional(),
    })
    .optional(),
  preferences: z
    .object({
      responseStyle: z.enum(['concise', 'detailed', 'tactical']).optional(),
      maxCredits: z.number().finite().min(0).optional(),
    })
    .optional(),
  sessionId: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1-128 characters of letters, digits and ._:-')
    .optional(),
});

function fieldOf(path: PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || 'body';
}

function issueText(issue: z.core.$ZodIssue, body: unknown): string {
  const value = issue.path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), body);
  if (value === undefined && issue.code === 'invalid_type') return 'is required';
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${issue.expected === 'array' ? 'an array' : issue.expected === 'object' ? 'an object' : `a ${issue.expected}`}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return issue.origin === 'array'
        ? `must have at least ${issue.minimum} item(s)`
        : issue.origin === 'string'
          ? 'must not be empty'
          : `must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'array'
        ? `must have at most ${issue.maximum} items`
        : issue.origin === 'string'
          ? `must be at most ${issue.maximum} characters`
          : `must be at most ${issue.maximum}`;
    default:
      return issue.message;
  }
}

/** Whether `value` nests arrays/objects deeper than `max` levels (iterative: no stack to overflow). */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (d > max) return true;
    if (v && typeof v === 'object') for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return false;
}

/** Parses the body, or throws 400 INVALID_REQUEST_FORMAT naming the first bad field. */
export function parseStrategicRequest(body: unknown, endpoint: 'coordinate' | 'framework'): StrategicRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('body', 'must be a JSON object');
  const r = strategicRequestSchema.safeParse(body);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const field = fieldOf(issue.path);
    throw badRequest(field, issueText(issue, body));
  }
  const req = r.data as StrategicRequest;
  const deep = req.userContext?.previousWork?.findIndex((item) => nestedDeeperThan(item, LIMITS.previousWorkDepth)) ?? -1;
  if (deep >= 0) throw badRequest(`userContext.previousWork[${deep}]`, `must not be nested more than ${LIMITS.previousWorkDepth} levels deep`);
  if (endpoint === 'coordinate' && req.userContext?.previousWork !== undefined) {
    throw badRequest('userContext.previousWork', 'is accepted only by /v1/framework');
  }
  const users = req.messages.filter((m) => m.role === 'user');
  if (users.length === 0) throw badRequest('messages', 'must contain at least one message with role "user"');
  if (!users.at(-1)!.content.trim()) throw badRequest(`messages[${req.messages.lastIndexOf(users.at(-1)!)}].content`, 'must not be empty');
  return req;
}
