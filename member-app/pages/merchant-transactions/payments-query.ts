// The /merchantTransactions search and filters live in the address (?status=settled&coin=BTC&page=2),
// so a filtered list can be bookmarked and reached with Back; ?payment=<id> opens one payment.
// Reading is forgiving: a value the API would refuse is dropped instead of sent.
import { CRYPTO, type CryptoAsset } from '#core/assets.ts';
import type { MerchantPaymentsQuery } from '#core/contract/merchant-office.ts';
import { PAYMENT_STATUSES, type PaymentStatus } from '#core/payments/payment-rules.ts';

export const PER_PAGE_CHOICES = [10, 20, 50, 100] as const;
export const DEFAULT_PER_PAGE = 20;
const SEARCH_MAX = 200;

export interface PaymentFilters {
  q?: string;
  status?: PaymentStatus;
  coin?: CryptoAsset;
  from?: string;
  to?: string;
  page: number;
  per_page: number;
}

export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function positiveInt(raw: string | null, fallback: number, max: number): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return fallback;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : fallback;
}

export function readFilters(search: string): PaymentFilters {
  const params = new URLSearchParams(search);
  const filters: PaymentFilters = { page: positiveInt(params.get('page'), 1, 100_000), per_page: DEFAULT_PER_PAGE };
  const perPage = positiveInt(params.get('per_page'), DEFAULT_PER_PAGE, 100);
  if ((PER_PAGE_CHOICES as readonly number[]).includes(perPage)) filters.per_page = perPage;
  const q = params.get('q')?.trim();
  if (q) filters.q = q.slice(0, SEARCH_MAX);
  const status = params.get('status');
  if (status && (PAYMENT_STATUSES as readonly string[]).includes(status)) filters.status = status as PaymentStatus;
  const coin = params.get('coin');
  if (coin && (CRYPTO as readonly string[]).includes(coin)) filters.coin = coin as CryptoAsset;
  const from = params.get('from');
  if (from && isRealDate(from)) filters.from = from;
  const to = params.get('to');
  if (to && isRealDate(to)) filters.to = to;
  return filters;
}

/** The address query for these filters; defaults are left out so the plain list has a plain URL. */
export function writeFilters(filters: PaymentFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  if (filters.coin) params.set('coin', filters.coin);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.per_page !== DEFAULT_PER_PAGE) params.set('per_page', String(filters.per_page));
  return params.toString();
}

/** The filters without paging: what the CSV download is asked for. */
export function filterQuery(filters: PaymentFilters): Omit<MerchantPaymentsQuery, 'page' | 'per_page'> {
  return { q: filters.q, status: filters.status, coin: filters.coin, from: filters.from, to: filters.to };
}

/** The query of GET /v1/merchant/payments. */
export function apiQuery(filters: PaymentFilters): MerchantPaymentsQuery {
  return { ...filterQuery(filters), page: String(filters.page), per_page: String(filters.per_page) };
}

export function hasActiveFilters(filters: PaymentFilters): boolean {
  return Boolean(filters.q || filters.status || filters.coin || filters.from || filters.to);
}

export function rangeProblem(from: string | undefined, to: string | undefined): boolean {
  return Boolean(from && to && to < from);
}
