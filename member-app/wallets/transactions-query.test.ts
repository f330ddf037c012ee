import { describe, expect, it } from 'vitest';
import { apiQuery, hasActiveFilters, rangeProblem, readFilters, writeFilters } from './transactions-query.ts';

describe('the /transactions filters in the address', () => {
  it('reads every filter the API accepts', () => {
    expect(readFilters('type=deposit&currency=BTC&status=pending&from=2026-11-01&to=2026-11-22&page=3&per_page=50')).toEqual({
      type: 'deposit',
      currency: 'BTC',
      status: 'pending',
      from: '2026-11-01',
      to: '2026-11-22',
      page: 3,
      per_page: 50,
    });
  });

  it.each([
    ['an unknown type', 'type=refund', {}],
    ['an unknown currency', 'currency=DOGE', {}],
    ['a status the API does not know', 'status=approved', {}],
    ['a date that does not exist', 'from=2026-02-30', {}],
    ['a date in another format', 'to=22/11/2026', {}],
    ['a page of zero', 'page=0', {}],
    ['a page that is not a number', 'page=two', {}],
    ['a page size that is not offered', 'per_page=33', {}],
  ])('drops %s instead of asking the server for it', (_name, search, expected) => {
    expect(readFilters(search)).toEqual({ page: 1, per_page: 20, ...expected });
  });

  it('writes the same filters back, leaving defaults out so the plain list has a plain URL', () => {
    const search = 'type=conversion&currency=EUR&page=2';
    expect(writeFilters(readFilters(search))).toBe(search);
    expect(writeFilters(readFilters(''))).toBe('');
  });

  it('sends page and per_page always, and no empty filters', () => {
    expect(apiQuery(readFilters('currency=ETH'))).toEqual({ type: undefined, currency: 'ETH', status: undefined, from: undefined, to: undefined, page: '1', per_page: '20' });
  });

  it('knows when a filter is on', () => {
    expect(hasActiveFilters(readFilters('page=4'))).toBe(false);
    expect(hasActiveFilters(readFilters('to=2026-11-22'))).toBe(true);
  });

  it('refuses a range that ends before it starts', () => {
    expect(rangeProblem('2026-11-22', '2026-11-01')).toBe('range.order');
    expect(rangeProblem('2026-11-01', '2026-11-01')).toBeNull();
    expect(rangeProblem(undefined, '2026-11-01')).toBeNull();
  });
});
