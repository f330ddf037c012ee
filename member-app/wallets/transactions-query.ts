// The /transactions filters live in the address (?type=deposit&currency=BTC&page=2), so a
// filtered list can be bookmarked, shared and reached with Back. Reading is forgiving: a value
// that is not one the API accepts is dropped (the list then shows unfiltered by it) instead of
// sending a request the server must refuse.
import { isAsset, type Asset } from '#core/assets.ts';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, type TransactionsQuery, type TransactionStatus, type TransactionType } from '#core/contract/transactions.ts';

export const PER_PAGE_CHOICES = [10, 20, 50] as const;
export const DEFAULT_PER_PAGE = 20;

export interface TransactionFilters {
  type?: TransactionType;
  currency?: Asset;
  status?: TransactionStatus;
  from?: string;
  to?: string;
  page: number;
  per_page: number;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function positiveInt(raw: string | null, fallback: number, max: number): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return fallback;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : fallback;
}

export function readFilters(search: string): TransactionFilters {
  const params = new URLSearchParams(search);
  const filters: TransactionFilters = { page: positiveInt(params.get('page'), 1, 100_000), per_page: DEFAULT_PER_PAGE };
  const perPage = positiveInt(params.get('per_page'), DEFAULT_PER_PAGE, 100);
  if ((PER_PAGE_CHOICES as readonly number[]).includes(perPage)) filters.per_page = perPage;
  const type = params.get('type');
  if (type && (TRANSACTION_TYPES as readonly string[]).includes(type)) filters.type = type as TransactionType;
  const currency = params.get('currency');
  if (currency && isAsset(currency)) filters.currency = currency;
  const status = params.get('status');
  if (status && (TRANSACTION_STATUSES as readonly string[]).includes(status)) filters.status = status as TransactionStatus;
  const from = params.get('from');
  if (from && isRealDate(from)) filters.from = from;
  const to = params.get('to');
  if (to && isRealDate(to)) filters.to = to;
  return filters;
}

/** The address query for these filters; defaults are left out so the plain list has a plain URL. */
export function writeFilters(filters: TransactionFilters): string {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.currency) params.set('currency', filters.currency);
  if (filters.status) params.set('status', filters.status);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.per_page !== DEFAULT_PER_PAGE) params.set('per_page', String(filters.per_page));
  return params.toString();
}

/** The query of GET /v1/transactions/getTransactions. */
export function apiQuery(filters: TransactionFilters): TransactionsQuery {
  return {
    type: filters.type,
    currency: filters.currency,
    status: filters.status,
    from: filters.from,
    to: filters.to,
    page: String(filters.page),
    per_page: String(filters.per_page),
  };
}

export function hasActiveFilters(filters: TransactionFilters): boolean {
  return Boolean(filters.type || filters.currency || filters.status || filters.from || filters.to);
}

/** A date range whose start is after its end would match nothing: say so instead of asking. */
export function rangeProblem(from: string | undefined, to: string | undefined): 'range.order' | null {
  return from && to && from > to ? 'range.order' : null;
}
