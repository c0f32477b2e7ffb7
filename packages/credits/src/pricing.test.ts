import { coordinationCost, fitCoordination, COORDINATION_BANDS } from './index.js';

test('costs stay inside their bands', () => {
  for (const [depth, band] of Object.entries(COORDINATION_BANDS)) {
    for (const w of [-1, 0, 0.3, 0.5, 1, 2, Number.NaN]) {
      const c = coordinationCost(depth as keyof typeof COORDINATION_BANDS, w);
      expect(c).toBeGreaterThanOrEqual(band.min);
      expect(c).toBeLessThanOrEqual(band.max);
    }
  }
});

test('fitCoordination steps down to fit the cap', () => {
  expect(fitCoordination('comprehensive', 1, 100)).toEqual({ depth: 'comprehensive', cost: 15 });
  expect(fitCoordination('comprehensive', 1, 10)).toEqual({ depth: 'comprehensive', cost: 10 });
  expect(fitCoordination('comprehensive', 1, 7)).toEqual({ depth: 'planning', cost: 7 });
  expect(fitCoordination('planning', 0.5, 2)).toEqual({ depth: 'simple', cost: 2 });
  expect(fitCoordination('simple', 0, 0)).toBeNull();
  expect(fitCoordination('comprehensive', 0, 0.5)).toBeNull();
});
