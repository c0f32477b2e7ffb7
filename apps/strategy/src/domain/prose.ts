/**
 * Optional model-written prose. A ProseWriter rewrites the markdown `content`
 * of an answer the library engine has already built (every structured field
 * stays library-derived). It returns null on any failure; the library text is
 * then used.
 */
import type { Analysis } from './guidance.js';

export interface ProseInput {
  endpoint: 'coordinate' | 'framework';
  analysis: Analysis;
  /** The library engine's markdown. */
  draft: string;
}

export interface ProseWriter {
  write(input: ProseInput): Promise<{ content: string; model: string } | null>;
}
