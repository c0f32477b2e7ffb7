import express, { type Router } from 'express';
import { z } from 'zod';
import { HttpError } from '@latchkey/errors';
import { adminAuth } from '@latchkey/service-kit';
import { KeyError, type KeyService } from '../domain/keys.js';
import { listSolutions } from '../store/keys.js';
import { parseSince, usageReport } from '../store/usage-report.js';
import type { Db } from '../store/db.js';

const createKeySchema = z.object({
  solution: z.string().min(1).max(63),
  solutionName: z.string().min(1).max(200).optional(),
  name: z.string().min(1).max(200).optional(),
  models: z.array(z.string().min(3).max(200)).min(1).max(100).optional(),
  rpm: z.number().int().positive().max(1_000_000).optional(),
  tpm: z.number().int().positive().max(1_000_000_000).optional(),
});

function fail(err: unknown): never {
  if (err instanceof KeyError) throw new HttpError(err.status, err.code, err.message);
  throw err;
}

/**
 * `/admin/*`: operator API of the CLI (`latchkey gateway …`), behind
 * `adminAuth(LATCHKEY_ADMIN_TOKEN)`. Never routed from outside (infra/nginx).
 */
export function adminRouter(deps: { keys: KeyService; db: Db; adminToken: string | undefined; defaultModels: string[]; providers: string[] }): Router {
  const r = express.Router();
  r.use(adminAuth(deps.adminToken));
  r.use(express.json({ limit: '100kb' }));

  r.post('/keys', async (req, res) => {
    const parsed = createKeySchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new HttpError(400, 'INVALID_REQUEST', `${issue.path.join('.') || 'body'}: ${issue.message}`);
    }
    const created = await deps.keys.create(parsed.data).catch(fail);
    res.status(201).json(created);
  });

  r.get('/keys', async (req, res) => {
    const solution = typeof req.query.solution === 'string' ? req.query.solution : undefined;
    const includeRevoked = req.query.all === 'true' || req.query.all === '1';
    res.json({ keys: await deps.keys.list({ solution, includeRevoked: includeRevoked ? undefined : false }) });
  });

  r.get('/keys/:id', async (req, res) => {
    const key = await deps.keys.get(String(req.params.id));
    if (!key) throw new HttpError(404, 'NOT_FOUND', `no gateway key ${req.params.id}`);
    res.json(key);
  });

  const revoke: express.RequestHandler = async (req, res) => {
    res.json(await deps.keys.revoke(String(req.params.id)).catch(fail));
  };
  r.post('/keys/:id/revoke', revoke);
  r.delete('/keys/:id', revoke);

  r.get('/solutions', async (_req, res) => {
    const rows = await listSolutions(deps.db);
    res.json({ solutions: rows.map((s) => ({ id: s.id, name: s.name, activeKeys: s.activeKeys, createdAt: s.createdAt.toISOString() })) });
  });

  r.get('/models', (_req, res) => {
    res.json({ defaultModels: deps.defaultModels, providers: deps.providers });
  });

  r.get('/usage', async (req, res) => {
    const solution = typeof req.query.solution === 'string' ? req.query.solution : '';
    if (!solution) throw new HttpError(400, 'INVALID_REQUEST', 'solution is required');
    let since: Date;
    try {
      since = parseSince(typeof req.query.since === 'string' ? req.query.since : '24h');
    } catch (err) {
      throw new HttpError(400, 'INVALID_REQUEST', (err as Error).message);
    }
    res.json(await usageReport(deps.db, solution, since));
  });
  return r;
}
