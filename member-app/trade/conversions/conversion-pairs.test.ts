import { describe, expect, it } from 'vitest';
import { choose, initialPair, operationEnabled } from './conversion-pairs.ts';

describe('the conversion pairs', () => {
  it.each([
    ['buy preselects the query pair', 'buy', { from: 'EUR', to: 'ETH' }, 'USD', { from: 'EUR', to: 'ETH' }],
    ['buy defaults to the member fiat and BTC', 'buy', {}, 'GBP', { from: 'GBP', to: 'BTC' }],
    ['buy ignores a coin on the fiat side', 'buy', { from: 'BTC', to: 'EUR' }, 'EUR', { from: 'EUR', to: 'BTC' }],
    ['sell defaults to BTC and the member fiat', 'sell', {}, 'EUR', { from: 'BTC', to: 'EUR' }],
    ['sell keeps ?from=LTC', 'sell', { from: 'LTC' }, 'USD', { from: 'LTC', to: 'USD' }],
    ['trade never pairs a coin with itself', 'trade', { from: 'BTC', to: 'BTC' }, 'EUR', { from: 'BTC', to: 'LTC' }],
    ['trade defaults to BTC and the next coin', 'trade', {}, 'EUR', { from: 'BTC', to: 'LTC' }],
    ['exchange defaults to the member fiat and another fiat', 'exchange', {}, 'EUR', { from: 'EUR', to: 'USD' }],
    ['CHF is not an account currency', 'exchange', { from: 'CHF', to: 'GBP' }, 'USD', { from: 'USD', to: 'GBP' }],
  ] as const)('%s', (_name, operation, query, fiat, expected) => {
    expect(initialPair(operation, query, fiat)).toEqual(expected);
  });

  it.each([
    ['choosing the target as source swaps the pair', { from: 'BTC', to: 'ETH' }, 'from', 'ETH', { from: 'ETH', to: 'BTC' }],
    ['choosing the source as target swaps the pair', { from: 'BTC', to: 'ETH' }, 'to', 'BTC', { from: 'ETH', to: 'BTC' }],
    ['choosing another coin keeps the other side', { from: 'BTC', to: 'ETH' }, 'to', 'LTC', { from: 'BTC', to: 'LTC' }],
  ] as const)('%s', (_name, pair, side, asset, expected) => {
    expect(choose(pair, side, asset, 'trade')).toEqual(expected);
  });

  it.each([
    ['buy', { enable_trade: false, enable_exchange: false }, true],
    ['sell', undefined, true],
    ['trade', { enable_trade: false, enable_exchange: true }, false],
    ['trade', { enable_trade: true, enable_exchange: false }, true],
    ['exchange', { enable_trade: true, enable_exchange: false }, false],
    ['exchange', { enable_trade: false, enable_exchange: true }, true],
  ] as const)('%s with %o is enabled: %s', (operation, flags, expected) => {
    expect(operationEnabled(operation, flags)).toBe(expected);
  });
});
