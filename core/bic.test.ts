import { describe, expect, it } from 'vitest';
import { bicValid, normaliseBic } from './bic.ts';

describe('SWIFT/BIC format (ISO 9362)', () => {
  it.each([
    ['DEUTDEFF', true],
    ['DEUTDEFF500', true],
    ['deut de ff', true],
    ['NWBKGB2L', true],
    ['BUKBGB22XXX', true],
    ['DEUTDEF', false],
    ['DEUTDEFF5', false],
    ['DEUTDEFF50', false],
    ['DEUTDEFF5000', false],
    ['1EUTDEFF', false],
    ['DEUT1EFF', false],
    ['DEUTDE-F', false],
    ['', false],
  ])('%s is a BIC: %s', (bic, expected) => {
    expect(bicValid(bic)).toBe(expected);
  });

  it('drops spaces and upper-cases', () => {
    expect(normaliseBic(' deut de ff ')).toBe('DEUTDEFF');
  });
});
