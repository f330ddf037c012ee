import { describe, expect, it } from 'vitest';
import { parsePrice } from '#core/rate-math.ts';
import { displayedPrice, pairSeries, percentChange } from './pair-series.ts';

const p = (text: string) => parsePrice(text) as bigint;
const ONE = 10n ** 18n;

describe('a pair\'s change in percent', () => {
  it.each([
    ['a rise', '100', '101.234', '1.23'],
    ['a fall', '100', '98.766', '-1.23'],
    ['half a hundredth rounds away from zero, up', '100', '101.235', '1.24'],
    ['half a hundredth rounds away from zero, down', '100', '98.765', '-1.24'],
    ['no change', '100', '100', '0.00'],
    ['a fall too small to show is no change, never "-0.00"', '100', '99.999', '0.00'],
    ['a doubling', '0.5', '1', '100.00'],
  ])('%s: %s -> %s is %s', (_name, from, to, expected) => {
    expect(percentChange({ base: p(from), quote: ONE }, { base: p(to), quote: ONE })).toBe(expected);
  });

  it('is the change of base / quote: the quote rising 10 % is the pair falling 9.09 %', () => {
    expect(percentChange({ base: p('100'), quote: p('1') }, { base: p('100'), quote: p('1.1') })).toBe('-9.09');
  });
});

describe('a pair\'s displayed price', () => {
  it('is the mid less the provider\'s spread, rounded down like getRates', () => {
    expect(displayedPrice({ base: p('60000'), quote: p('1.2') }, 0)).toBe('50000');
    expect(displayedPrice({ base: p('60000'), quote: p('1.2') }, 50)).toBe('49750');
    expect(displayedPrice({ base: p('1'), quote: p('3') }, 0)).toBe('0.333333333333');
  });
});

describe('a pair\'s series from two USD series', () => {
  const close = (asset: string, minute: number, price: string) => ({ asset, time: minute * 60_000, close: p(price) });

  it('takes the last close of each asset in a grid cell, carries an asset over a cell it has no bar in, and leaves out empty cells', () => {
    const closes = [
      close('BTC', 0, '100'),
      close('EUR', 0, '2'),
      close('BTC', 3, '110'),
      close('BTC', 5, '120'),
      // cell 10 is empty: the server was down
      close('EUR', 15, '4'),
    ];
    const series = pairSeries(closes, 'BTC', 'EUR', 0, 5 * 60_000);
    expect(series.map((point) => [point.time / 60_000, displayedPrice(point, 0)])).toEqual([
      [0, '55'],
      [5, '60'],
      [15, '30'],
    ]);
  });

  it('uses bars before the start only to carry prices into it', () => {
    const closes = [close('BTC', -5, '100'), close('EUR', -5, '2'), close('EUR', 0, '4')];
    expect(pairSeries(closes, 'BTC', 'EUR', 0, 5 * 60_000).map((point) => displayedPrice(point, 0))).toEqual(['25']);
  });

  it('prices USD at 1 without a series', () => {
    expect(pairSeries([close('BTC', 0, '60000')], 'BTC', 'USD', 0, 60_000).map((point) => displayedPrice(point, 0))).toEqual(['60000']);
    expect(pairSeries([close('BTC', 0, '50000')], 'USD', 'BTC', 0, 60_000).map((point) => displayedPrice(point, 0))).toEqual(['0.00002']);
  });
});
