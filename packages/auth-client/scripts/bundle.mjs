// Builds the single-file browser bundle: dist/latchkey-auth.js (global `LatchkeyAuth`)
// and dist/latchkey-auth.esm.js (an ES module).
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const common = { entryPoints: [path.join(root, 'src/index.ts')], bundle: true, target: ['es2020'], minify: true, sourcemap: true, logLevel: 'warning' };
await build({ ...common, format: 'iife', globalName: 'LatchkeyAuth', outfile: path.join(root, 'dist/latchkey-auth.js') });
await build({ ...common, format: 'esm', outfile: path.join(root, 'dist/latchkey-auth.esm.js') });
