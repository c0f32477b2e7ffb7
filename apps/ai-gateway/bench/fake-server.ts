/** Runs one fake OpenAI in its own process for the benchmark; prints its origin on stdout. */
import { startFakeOpenAI } from '@latchkey/fake-providers';

const fake = await startFakeOpenAI();
process.stdout.write(`${fake.origin}\n`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
