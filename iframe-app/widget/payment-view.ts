// The widget's view models: which page a payment status belongs on, which spec
// text a failure shows, the merchant theme as CSS variables, and the widget addresses that carry
// the payment ids (and the language) from page to page. Pure, so the rules are tested without a browser.
import type { MerchantAnswer } from '#core/contract/merchant-info.ts';
import type { TransactionAnswer } from '#core/contract/merchant-payments.ts';
import { widgetPaymentIds, type WidgetPaymentIds as PaymentIds } from '#core/payments/widget-payment-ids.ts';
import type { PaymentStatus } from '#core/payments/payment-rules.ts';
import { DEFAULT_MERCHANT_NAME, type WidgetHeaderInput } from '#core/rules/widget-header.ts';
import { formatTimer, remainingSeconds } from '#core/rules/widget-timer.ts';

export type WidgetRoute = '/home' | '/payment' | '/payment-detected' | '/payment-success' | '/payment-failed' | '/redirect';

/** How often the payment pages ask for the status (brief: every 3 s). */
export const STATUS_POLL_MS = 3_000;
/**
 * While the pay page waits for the money, it asks every second: the chain watchers see a payment within
 * a fraction of a second of it reaching the node, and the buyer is looking at this page for exactly that.
 */
export const AWAITING_PAYMENT_POLL_MS = 1_000;

/** The status poll's interval on a page. */
export function statusPollMs(page: WidgetRoute): number {
  return page === '/payment' ? AWAITING_PAYMENT_POLL_MS : STATUS_POLL_MS;
}

/** The page that shows a payment in this status. */
export function routeForStatus(status: PaymentStatus): WidgetRoute {
  switch (status) {
    case 'new':
      return '/payment';
    case 'processing':
      return '/payment-detected';
    case 'settled':
      return '/payment-success';
    case 'expired':
    case 'invalid':
      return '/payment-failed';
  }
}

/**
 * The query a move between pages adds. A payment goes back from processing to new only when the
 * network dropped the transaction we saw (replaced, double spent): the pay page then says so
 * (`reason=dropped`, which widgetHref clears on the next move, so it never follows the buyer further).
 */
export function moveQuery(from: WidgetRoute, to: WidgetRoute): Record<string, string> {
  return from === '/payment-detected' && to === '/payment' ? { reason: 'dropped' } : {};
}

/** Whether the pay page was reached because the network dropped the payment the buyer sent. */
export function cameBackDropped(search: string): boolean {
  return new URLSearchParams(search).get('reason') === 'dropped';
}

/**
 * Spec §8 has two widget failure texts: a payment that ran out of time (or was invalidated) asks
 * for another transaction; a merchant or payment we cannot find may also be an old link.
 */
export type FailureReason = 'expired' | 'unknown';

export function failureReasonOf(value: string | null | undefined): FailureReason {
  return value === 'expired' ? 'expired' : 'unknown';
}

/** API failure codes that mean "this merchant or payment does not exist" rather than "try again". */
export function isUnknownPaymentCode(code: string): boolean {
  return code === 'merchant_not_recognized' || code === 'payment_not_found' || code === 'validation_failed';
}

export type { PaymentIds };

/** The ids of the query (core/payments/widget-payment-ids.ts); null when either is missing or the token is not a payment token. */
export function paymentIdsOf(search: string): PaymentIds | null {
  const query = new URLSearchParams(search);
  return widgetPaymentIds((name) => query.get(name));
}

/** A widget address that keeps the payment ids, the language and the SDK's own parameters. */
export function widgetHref(route: WidgetRoute, search: string, extra: Readonly<Record<string, string>> = {}): string {
  const query = new URLSearchParams(search);
  query.delete('reason');
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  const text = query.toString();
  return text ? `${route}?${text}` : route;
}

/** Spec §3 widget theme defaults. */
export const DEFAULT_PRIMARY_COLOR = '#053f2e';
export const DEFAULT_SECONDARY_COLOR = '#096e52';

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Only a plain hex colour reaches the style attribute: anything else falls back to the spec default. */
export function widgetThemeVars(widget: { widget_theme_primary_color?: string | null; widget_theme_secondary_color?: string | null } | null | undefined): Record<string, string> {
  const pick = (value: string | null | undefined, fallback: string) => (value && HEX_COLOUR.test(value.trim()) ? value.trim() : fallback);
  return {
    '--widget-primary': pick(widget?.widget_theme_primary_color, DEFAULT_PRIMARY_COLOR),
    '--widget-secondary': pick(widget?.widget_theme_secondary_color, DEFAULT_SECONDARY_COLOR),
  };
}

/** The "Return to {merchant}" target: only an absolute http(s) URL, never javascript: or data:. */
export function safeReturnUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The merchant's name as the buyer knows it: the widget setting, else the account name, else the spec default. */
export function merchantDisplayName(merchant: MerchantAnswer | null | undefined): string {
  const widgetName = merchant?.widget.widget_merchant_name?.trim();
  return widgetName || merchant?.name?.trim() || DEFAULT_MERCHANT_NAME;
}

/**
 * What /redirect does with the merchant's return URL: inside the SDK it sends `redirect` and the SDK
 * follows it (by its own, stricter rule); standalone it navigates the top window; without a safe URL it
 * stays and says the payment is complete.
 */
export type RedirectPlan = { kind: 'event'; url: string } | { kind: 'navigate'; url: string } | { kind: 'stay' };

export function redirectPlanOf(returnUrl: string | null | undefined, connected: boolean): RedirectPlan {
  const url = safeReturnUrl(returnUrl);
  if (!url) return { kind: 'stay' };
  return connected ? { kind: 'event', url } : { kind: 'navigate', url };
}

/** What core's widgetHeader() is given: the payment's amount, order id and product, else the merchant's widget settings. */
export function headerInputOf(merchant: MerchantAnswer | null | undefined, details: TransactionAnswer): WidgetHeaderInput {
  const widget = merchant?.widget;
  return {
    amount: details.amount,
    currency: details.currency,
    merchantName: widget?.widget_merchant_name?.trim() ? widget.widget_merchant_name : merchant?.name,
    logoUrl: widget?.widget_theme_logo_url ?? null,
    logoSize: widget?.widget_logo_size ?? null,
    orderId: details.order_id,
    product: details.product?.trim() ? details.product : widget?.widget_product_name,
  };
}

export interface CountdownView {
  /** "14:59" */
  text: string;
  /** Whole minutes left, rounded up, for the screen-reader label. */
  minutesLeft: number;
  expired: boolean;
}

/** The spec §4 countdown at `nowMs` for a payment expiring at `expiresAt` (ISO). */
export function countdownView(expiresAt: string, nowMs: number): CountdownView {
  const left = remainingSeconds(Date.parse(expiresAt), nowMs);
  return { text: formatTimer(left), minutesLeft: Math.ceil(left / 60), expired: left === 0 };
}
