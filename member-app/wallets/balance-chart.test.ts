import { describe, expect, it } from 'vitest';
import { CHART_HEIGHT, chartPath, chartSummary, yFor } from './balance-chart.ts';

describe('the balance chart', () => {
  it('draws nothing for no points', () => {
    expect(chartPath([], 'BTC')).toBeNull();
    expect(chartSummary([], 'BTC', 'en')).toBeNull();
  });

  it('draws a step line: the balance holds until the next change', () => {
    const path = chartPath(
      [
        { t: '2026-11-20T00:00:00Z', balance: '0.00000000' },
        { t: '2026-11-21T00:00:00Z', balance: '1.00000000' },
        { t: '2026-11-22T00:00:00Z', balance: '0.50000000' },
      ],
      'BTC',
    );
    expect(path?.line).toBe('M 8 192 H 300 V 8 H 592 V 100 H 592');
    expect(path?.area.endsWith(`V ${CHART_HEIGHT - 8} H 8 Z`)).toBe(true);
  });

  it('draws from a zero baseline: a steady balance sits at the top, a steady zero on the floor; unreadable points are skipped', () => {
    const path = chartPath(
      [
        { t: '2026-11-20T00:00:00Z', balance: '2.00' },
        { t: 'yesterday', balance: '3.00' },
        { t: '2026-11-21T00:00:00Z', balance: 'lots' },
      ],
      'EUR',
    );
    expect(path?.line).toBe('M 8 8 H 592');
    expect(chartPath([{ t: '2026-11-20T00:00:00Z', balance: '0.00' }], 'EUR')?.line).toBe(`M 8 ${CHART_HEIGHT - 8} H 592`);
  });

  it('computes heights from minor units, exact for amounts a float cannot hold', () => {
    const low = 0n;
    const high = 2n ** 60n;
    expect(yFor(high, low, high)).toBe(8);
    expect(yFor(low, low, high)).toBe(192);
    expect(yFor(high / 2n, low, high)).toBe(100);
  });

  it('summarises start, end, low and high for screen readers', () => {
    const summary = chartSummary(
      [
        { t: '2026-11-22T00:00:00Z', balance: '5.00' },
        { t: '2026-11-20T00:00:00Z', balance: '1234.50' },
        { t: '2026-11-21T00:00:00Z', balance: '0.00' },
      ],
      'EUR',
      'en',
    );
    expect(summary).toEqual({ start: '€1,234.50', end: '€5.00', high: '€1,234.50', low: '€0.00' });
  });
});
