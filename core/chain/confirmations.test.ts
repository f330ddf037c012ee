import { describe, expect, it } from 'vitest';
import { CRYPTO } from '../assets.ts';
import { isConfirmed, REQUIRED_CONFIRMATIONS } from './confirmations.ts';

describe('required confirmations', () => {
  it('every crypto asset has a number, and the tokens wait as long as Ethereum itself', () => {
    for (const asset of CRYPTO) expect(REQUIRED_CONFIRMATIONS[asset]).toBeGreaterThan(0);
    expect(REQUIRED_CONFIRMATIONS.USDT).toBe(REQUIRED_CONFIRMATIONS.ETH);
    expect(REQUIRED_CONFIRMATIONS.USDC).toBe(REQUIRED_CONFIRMATIONS.ETH);
  });

  it.each([
    ['BTC', 1, false],
    ['BTC', 2, true],
    ['LTC', 3, false],
    ['LTC', 4, true],
    ['ETH', 5, false],
    ['ETH', 7, true],
  ] as const)('%s with %i confirmations is confirmed: %s', (asset, confirmations, expected) => {
    expect(isConfirmed(asset, confirmations)).toBe(expected);
  });
});
