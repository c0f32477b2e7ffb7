/**
 * Prices of the strategic-guidance endpoints (SPEC.md, Limits):
 * a framework call costs 5; a coordination call costs 1-3 (simple question),
 * 3-8 (framework-guided planning) or 8-15 (comprehensive analysis).
 */
export const FRAMEWORK_COST = 5;

export type CoordinationDepth = 'simple' | 'planning' | 'comprehensive';

export const COORDINATION_BANDS: Record<CoordinationDepth, { min: number; max: number }> = {
  simple: { min: 1, max: 3 },
  planning: { min: 3, max: 8 },
  comprehensive: { min: 8, max: 15 },
};

/** Shallowest first. */
export const DEPTHS: CoordinationDepth[] = ['simple', 'planning', 'comprehensive'];

/**
 * The cost of a coordination answer of `depth`, placed inside its band by
 * `weight` (0 = the band's minimum, 1 = its maximum), rounded to an integer.
 */
export function coordinationCost(depth: CoordinationDepth, weight: number): number {
  const { min, max } = COORDINATION_BANDS[depth];
  const w = Number.isFinite(weight) ? Math.min(1, Math.max(0, weight)) : 0;
  return Math.round(min + (max - min) * w);
}

export interface PricedDepth {
  depth: CoordinationDepth;
  cost: number;
}

/**
 * Picks the deepest answer not deeper than `wanted` whose cost fits `cap`
 * (the smaller of `preferences.maxCredits` and the balance). A shallower
 * answer keeps the same relative weight, else drops to its band's floor.
 * @returns null when even the cheapest answer (1 credit) exceeds the cap.
 */
export function fitCoordination(wanted: CoordinationDepth, weight: number, cap: number): PricedDepth | null {
  for (let i = DEPTHS.indexOf(wanted); i >= 0; i--) {
    const depth = DEPTHS[i]!;
    const full = coordinationCost(depth, weight);
    if (full <= cap) return { depth, cost: full };
    const { min } = COORDINATION_BANDS[depth];
    if (min <= cap) return { depth, cost: Math.max(min, Math.floor(cap)) };
  }
  return null;
}

/** The cheapest possible coordination answer. */
export const MIN_COORDINATION_COST = COORDINATION_BANDS.simple.min;
