export type { BenchContext, BenchRow, BenchTable } from './types.js';
export { measure, percentile, toRow, ratio, serveApp, formatTable, type MeasureOptions, type Measurement, type ServedApp } from './measure.js';
