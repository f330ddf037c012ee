import { describe, expect, it } from 'vitest';
import { applyListQuery, listQueryString, parseListQuery, type ListRow } from './market-list-query.ts';

const ROWS: ListRow[] = [
  { id: 'bitcoin', iso: 'BTC', name: 'Bitcoin', price: '80000.00', change24h: '1.50' },
  { id: 'ethereum', iso: 'ETH', name: 'Ethereum', price: '3000.00', change24h: '-2.10' },
  { id: 'cardano', iso: 'ADA', name: 'Cardano', price: null, change24h: null },
  { id: 'tether', iso: 'USDT', name: 'Tether', price: '0.92', change24h: '0.01' },
];
const ids = (rows: ListRow[]) => rows.map((row) => row.id);

describe('the prices list query', () => {
  it.each([
    { why: 'no parameters keep the market order', query: {}, want: ['bitcoin', 'ethereum', 'cardano', 'tether'] },
    { why: 'a search matches the name in any case', query: { q: 'ETHER' }, want: ['ethereum', 'tether'] },
    { why: 'a search matches the ticker', query: { q: 'usdt' }, want: ['tether'] },
    { why: 'a search with no match leaves nothing', query: { q: 'dogecoin' }, want: [] },
    { why: 'price sorts highest first by default, unpriced coins last', query: { sort: 'price' }, want: ['bitcoin', 'ethereum', 'tether', 'cardano'] },
    { why: 'price ascending still puts unpriced coins last', query: { sort: 'price', dir: 'asc' }, want: ['tether', 'ethereum', 'bitcoin', 'cardano'] },
    { why: 'change sorts by the 24 h change, biggest rise first', query: { sort: 'change' }, want: ['bitcoin', 'tether', 'ethereum', 'cardano'] },
    { why: 'name sorts A to Z', query: { sort: 'name' }, want: ['bitcoin', 'cardano', 'ethereum', 'tether'] },
    { why: 'an unknown sort key is the market order', query: { sort: 'volume', dir: 'desc' }, want: ['tether', 'cardano', 'ethereum', 'bitcoin'] },
  ])('$why', ({ query, want }) => {
    expect(ids(applyListQuery(ROWS, parseListQuery(query)))).toEqual(want);
  });

  it('cuts a long search to 40 characters and trims it', () => {
    expect(parseListQuery({ q: `  ${'x'.repeat(60)}  ` }).q).toHaveLength(40);
  });

  it('writes only what differs from the default into the link', () => {
    expect(listQueryString(parseListQuery({}))).toBe('');
    expect(listQueryString(parseListQuery({ sort: 'price' }))).toBe('?sort=price');
    expect(listQueryString(parseListQuery({ sort: 'price', dir: 'asc', q: 'bit' }), { fiat: 'USD' })).toBe('?fiat=USD&q=bit&sort=price&dir=asc');
  });
});
