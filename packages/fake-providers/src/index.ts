export { type FakeBehaviour, type FakeProvider, type ProviderKind, type ReceivedRequest, sampleArgs, fakeEmbedding } from './common.js';
export { startFakeOpenAI } from './openai.js';
export { startFakeAnthropic } from './anthropic.js';
export { startFakeGemini } from './gemini.js';
import type { FakeProvider } from './common.js';
import { startFakeOpenAI } from './openai.js';
import { startFakeAnthropic } from './anthropic.js';
import { startFakeGemini } from './gemini.js';

export interface FakeProviders {
  openai: FakeProvider;
  anthropic: FakeProvider;
  gemini: FakeProvider;
  resetAll(): void;
  close(): Promise<void>;
}

/** Starts the three fakes on loopback ports (0 = ephemeral). */
export async function startFakeProviders(ports: { openai?: number; anthropic?: number; gemini?: number } = {}): Promise<FakeProviders> {
  const [openai, anthropic, gemini] = await Promise.all([
    startFakeOpenAI({ port: ports.openai }),
    startFakeAnthropic({ port: ports.anthropic }),
    startFakeGemini({ port: ports.gemini }),
  ]);
  return {
    openai,
    anthropic,
    gemini,
    resetAll() {
      openai.reset();
      anthropic.reset();
      gemini.reset();
    },
    async close() {
      await Promise.all([openai.close(), anthropic.close(), gemini.close()]);
    },
  };
}
