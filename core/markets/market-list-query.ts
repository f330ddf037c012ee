// The prices list's search and sort, as query parameters (?q=eth&sort=change&dir=desc), so the list
// works with JavaScript off (a GET form and links the server renders) and a sorted view can be linked.
// The same functions filter and order the rows on the server and in the browser, so the hydrated
// page starts exactly where the server's HTML left it.

export const SORT_KEYS = ['rank', 'name', 'price', 'change'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = 'asc' | 'desc';

export interface ListQuery {
  q: string;
  sort: SortKey;
  dir: SortDir;
}

export const DEFAULT_LIST_QUERY: ListQuery = { q: '', sort: 'rank', dir: 'asc' };

/** Put a limit on everything: no coin name or ticker is longer. */
export const MAX_SEARCH_CHARS = 40;

/** The row fields the list sorts and searches by; prices as decimal strings, null when not offered. */
export interface ListRow {
  id: string;
  iso: string;
  name: string;
  price: string | null;
  change24h: string | null;
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** Query parameters from a URL (or Fastify's parsed query) to a ListQuery; anything unknown is the default. */
export function parseListQuery(query: Readonly<Record<string, unknown>>): ListQuery {
  const rawQ = first(query.q);
  const rawSort = first(query.sort);
  const rawDir = first(query.dir);
  const sort = (SORT_KEYS as readonly unknown[]).includes(rawSort) ? (rawSort as SortKey) : DEFAULT_LIST_QUERY.sort;
  return {
    q: typeof rawQ === 'string' ? rawQ.trim().slice(0, MAX_SEARCH_CHARS) : '',
    sort,
    dir: rawDir === 'desc' ? 'desc' : rawDir === 'asc' ? 'asc' : defaultDir(sort),
  };
}

/** Prices and changes read best from the top down; names and the market order from A and 1. */
export function defaultDir(sort: SortKey): SortDir {
  return sort === 'price' || sort === 'change' ? 'desc' : 'asc';
}

/** The rows that match the search (name or ticker, any case, accents ignored), in the chosen order. */
export function applyListQuery<R extends ListRow>(rows: readonly R[], query: ListQuery): R[] {
  const needle = fold(query.q);
  const found = rows.map((row, rank) => ({ row, rank })).filter(({ row }) => !needle || fold(row.name).includes(needle) || fold(row.iso).includes(needle) || fold(row.id).includes(needle));
  const sign = query.dir === 'asc' ? 1 : -1;
  found.sort((a, b) => {
    const byKey = compare(a.row, b.row, query.sort);
    // Rows without a price go last whichever way the list is sorted: "not offered" is no small number.
    if (byKey === 'a-missing') return 1;
    if (byKey === 'b-missing') return -1;
    return sign * (query.sort === 'rank' ? a.rank - b.rank : byKey) || a.rank - b.rank;
  });
  return found.map(({ row }) => row);
}

function compare(a: ListRow, b: ListRow, sort: SortKey): number | 'a-missing' | 'b-missing' {
  if (sort === 'rank') return 0;
  if (sort === 'name') return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
  const x = sort === 'price' ? a.price : a.change24h;
  const y = sort === 'price' ? b.price : b.change24h;
  if (x === null && y === null) return 0;
  if (x === null) return 'a-missing';
  if (y === null) return 'b-missing';
  return Number(x) - Number(y);
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** The query string of a list view, leaving out what is the default (canonical, short links). */
export function listQueryString(query: ListQuery, extra: Readonly<Record<string, string | undefined>> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(extra)) if (value) params.set(name, value);
  if (query.q) params.set('q', query.q);
  if (query.sort !== DEFAULT_LIST_QUERY.sort) params.set('sort', query.sort);
  if (query.dir !== defaultDir(query.sort)) params.set('dir', query.dir);
  const text = params.toString();
  return text ? `?${text}` : '';
}
