import { describe, expect, it } from 'vitest';
import { apiQuery, rangeProblem, readFilters, writeFilters } from './payments-query.ts';

describe('the merchant payments address query', () => {
  it.each([
    ['', { page: 1, per_page: 20 }],
    ['q=%20order-7%20&status=settled&coin=BTC&from=2026-11-01&to=2026-11-30&page=3&per_page=50', { q: 'order-7', status: 'settled', coin: 'BTC', from: '2026-11-01', to: '2026-11-30', page: 3, per_page: 50 }],
    ['status=paid&coin=EUR&from=2026-02-31&to=yesterday&page=0&per_page=7', { page: 1, per_page: 20 }],
  ])('reads %j forgivingly', (search, expected) => {
    expect(readFilters(search)).toEqual(expected);
  });

  it('writes what it reads, leaving defaults out', () => {
    const search = 'q=lamp&status=new&coin=ETH&page=2';
    expect(writeFilters(readFilters(search))).toBe(search);
    expect(writeFilters({ page: 1, per_page: 20 })).toBe('');
  });

  it('asks the API for the page in digits', () => {
    expect(apiQuery({ status: 'settled', page: 2, per_page: 50 })).toMatchObject({ status: 'settled', page: '2', per_page: '50' });
  });

  it('sees an end before the start as a problem', () => {
    expect(rangeProblem('2026-11-02', '2026-11-01')).toBe(true);
    expect(rangeProblem('2026-11-01', '2026-11-01')).toBe(false);
    expect(rangeProblem(undefined, '2026-11-01')).toBe(false);
  });
});
