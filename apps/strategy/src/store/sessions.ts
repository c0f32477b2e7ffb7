/**
 * Sessions and their turns: which frameworks were applied and with what
 * context, so a continued session builds on earlier turns. The text of
 * questions and answers is not stored.
 */
import type { PrismaClient } from './prisma.js';
import type { SessionHistory } from '../domain/guidance.js';
import type { Stage } from '../domain/library.js';

export class SessionStore {
  constructor(private readonly prisma: PrismaClient) {}

  /** The organisation owning `id`, or null when the session does not exist. */
  async owner(id: string): Promise<string | null> {
    const s = await this.prisma.strategySession.findUnique({ where: { id }, select: { orgId: true } });
    return s?.orgId ?? null;
  }

  /** What earlier turns of the session contribute (empty for a new session). */
  async history(id: string): Promise<SessionHistory> {
    const turns = await this.prisma.sessionTurn.findMany({ where: { sessionId: id }, orderBy: { id: 'desc' }, take: 20 });
    const applied: string[] = [];
    for (const t of turns) for (const f of t.frameworks) if (!applied.includes(f)) applied.push(f);
    const latest = (k: 'industry' | 'businessStage' | 'role') => turns.find((t) => t[k])?.[k] ?? undefined;
    return { turns: turns.length, applied, industry: latest('industry'), businessStage: latest('businessStage') as Stage | undefined, role: latest('role') };
  }

  /** Records a turn, creating the session for `orgId` when it is new. */
  async recordTurn(input: {
    sessionId: string;
    orgId: string;
    requestId: string;
    endpoint: string;
    primaryFramework: string;
    frameworks: string[];
    strategicFocus: string;
    confidence: number;
    industry?: string | undefined;
    businessStage?: string | undefined;
    role?: string | undefined;
  }): Promise<void> {
    await this.prisma.strategySession.upsert({
      where: { id: input.sessionId },
      create: { id: input.sessionId, orgId: input.orgId },
      update: { updatedAt: new Date() },
    });
    await this.prisma.sessionTurn.create({
      data: {
        sessionId: input.sessionId,
        requestId: input.requestId,
        endpoint: input.endpoint,
        primaryFramework: input.primaryFramework,
        frameworks: input.frameworks,
        strategicFocus: input.strategicFocus,
        confidence: input.confidence,
        industry: input.industry ?? null,
        businessStage: input.businessStage ?? null,
        role: input.role ?? null,
      },
    });
  }
}
