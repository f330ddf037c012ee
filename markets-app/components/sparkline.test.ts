import { describe, expect, it } from 'vitest';
import { sparkPath } from './sparkline.tsx';

describe('the sparkline path', () => {
  it('spans the box from the lowest price to the highest', () => {
    expect(sparkPath(['1', '3', '2'], 100, 20)).toBe('M0.0 18.0L50.0 2.0L100.0 10.0');
  });

  it('draws a price that did not move level through the middle', () => {
    expect(sparkPath(['1.00', '1.00'], 100, 20)).toBe('M0.0 10.0L100.0 10.0');
  });

  it('draws nothing from fewer than two prices', () => {
    expect(sparkPath(['1'])).toBe('');
  });
});
