import { firstZodIssue, zodIssueMessage, zodIssues, type ZodErrorLike } from './index.js';

// The shape of zod 4's `ZodError.issues` (only `path` and `message` are read).
const error: ZodErrorLike = {
  issues: [
    { path: ['allowed_auth_domains', 0], message: 'Invalid input: expected string, received number' },
    { path: [], message: 'give exactly one of email and user_id' },
  ],
};

it('names the field of the first issue with its dotted path, or body for the input itself', () => {
  expect(firstZodIssue(error)).toEqual({
    path: 'allowed_auth_domains.0',
    field: 'allowed_auth_domains.0',
    message: 'Invalid input: expected string, received number',
  });
  expect(zodIssueMessage(error)).toBe('allowed_auth_domains.0: Invalid input: expected string, received number');
  expect(zodIssueMessage({ issues: [{ path: [], message: 'Invalid input' }] })).toBe('body: Invalid input');
  expect(zodIssueMessage({ issues: [] })).toBe('body: invalid');
});

it('gives every issue, in order, for a service that names them all', () => {
  expect(zodIssues(error).map((i) => i.path)).toEqual(['allowed_auth_domains.0', '']);
  expect(zodIssues({ issues: [{ path: [Symbol('s')], message: 'm' }] })[0]!.field).toBe('Symbol(s)');
});
