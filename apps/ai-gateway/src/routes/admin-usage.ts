/**
 * `GET /admin/usage?solution=&since=24h` (under /admin, operator token; `latchkey gateway usage`):
 * a solution's requests, tokens by model, error rate and latency percentiles since `since` (`30m`,
 * `24h`, `7d` or an ISO 8601 date); metadata only, never prompts or completions.
 */
import type { Router } from 'express';
import { parseSince, usageReport } from '../store/usage-report.js';
import { KeyError } from '../errors.js';
import type { AdminContext } from './admin-context.js';

export function register(router: Router, ctx: AdminContext): void {
  router.get('/usage', async (req, res) => {
    const solution = typeof req.query.solution === 'string' ? req.query.solution : '';
    if (!solution) throw new KeyError('INVALID_REQUEST', 'solution is required');
    let since: Date;
    try {
      since = parseSince(typeof req.query.since === 'string' ? req.query.since : '24h');
    } catch (err) {
      throw new KeyError('INVALID_REQUEST', (err as Error).message);
    }
    res.json(await usageReport(ctx.db, solution, since));
  });
}
