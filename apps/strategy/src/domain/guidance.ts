/**
 * The library engine: analysis (analysis.ts) and writing (writing.ts) of a
 * strategic request. Kept as the module the routes and tests import.
 */
export * from './analysis.js';
export * from './writing.js';
