import { describe, expect, it } from 'vitest';
import { percentText } from './percent-text.ts';

describe('a percent as the page writes it', () => {
  it.each([
    ['1.50', 'en', '1.50'],
    ['1.50', 'es', '1,50'],
    ['10', 'es', '10'],
  ] as const)('%s in %s is %s', (percent, locale, expected) => {
    expect(percentText(percent, locale)).toBe(expected);
  });
});
