/**
 * What every operator route of the gateway is given: `register(router, ctx)` on the router mounted
 * at `/admin` behind `adminAuth(LATCHKEY_ADMIN_TOKEN)` (CONTRIBUTING.md, the service skeleton).
 * The `/v1` routes have their own context (`V1Context`, http/call.ts): they run before Express.
 */
import type { RequestHandler } from 'express';
import type { KeyService } from '../domain/keys.js';
import type { Db } from '../store/db.js';

export interface AdminContext {
  keys: KeyService;
  db: Db;
  /** The models a key gets when it is created without `models` (`GATEWAY_DEFAULT_MODELS`). */
  defaultModels: string[];
  /** The providers with credentials configured (`openai`, `anthropic`, `google`). */
  providers: string[];
  guards: {
    /** A JSON body of at most 100 KB. */
    json: RequestHandler;
  };
}
