export type { BenchContext, BenchRow, BenchTable } from './types.js';
