import { describe, expect, it } from 'vitest';
import type { MerchantAnswer } from '#core/contract/merchant-info.ts';
import type { TransactionAnswer } from '#core/contract/merchant-payments.ts';
import type { PaymentStatus } from '#core/payments/payment-rules.ts';
import { widgetHeader } from '#core/rules/widget-header.ts';
import { cameBackDropped, countdownView, headerInputOf, failureReasonOf, isUnknownPaymentCode, merchantDisplayName, moveQuery, paymentIdsOf, redirectPlanOf, routeForStatus, safeReturnUrl, widgetHref, widgetThemeVars, type RedirectPlan, type WidgetRoute, statusPollMs, AWAITING_PAYMENT_POLL_MS, STATUS_POLL_MS } from './payment-view.ts';

const TOKEN = 'pay_abcdefghijklmnopqrstuv';

describe('a payment status decides the widget page', () => {
  it.each<[PaymentStatus, WidgetRoute]>([
    ['new', '/payment'],
    ['processing', '/payment-detected'],
    ['settled', '/payment-success'],
    ['expired', '/payment-failed'],
    ['invalid', '/payment-failed'],
  ])('%s -> %s', (status, route) => {
    expect(routeForStatus(status)).toBe(route);
  });
});

describe('back on the pay page after the network dropped the payment', () => {
  it.each<[WidgetRoute, WidgetRoute, Record<string, string>]>([
    ['/payment-detected', '/payment', { reason: 'dropped' }],
    ['/payment', '/payment-detected', {}],
    ['/payment-detected', '/payment-success', {}],
    ['/home', '/payment', {}],
  ])('%s -> %s adds %j', (from, to, query) => {
    expect(moveQuery(from, to)).toEqual(query);
  });

  it('the pay page says so only while the address carries the reason; the next move clears it', () => {
    const search = `merchant_id=m1&transaction_id=${TOKEN}&lang=es`;
    const back = widgetHref('/payment', search, moveQuery('/payment-detected', '/payment'));
    expect(cameBackDropped(back.split('?')[1] ?? '')).toBe(true);
    expect(cameBackDropped(search)).toBe(false);
    const onward = widgetHref('/payment-detected', back.split('?')[1] ?? '');
    expect(onward).toBe(`/payment-detected?${search}`);
  });
});

describe('the failure page reason', () => {
  it.each([
    ['expired', 'expired'],
    ['unknown', 'unknown'],
    [null, 'unknown'],
    ['<script>', 'unknown'],
  ] as const)('%j -> %s', (value, reason) => {
    expect(failureReasonOf(value)).toBe(reason);
  });

  it.each([
    ['merchant_not_recognized', true],
    ['payment_not_found', true],
    ['validation_failed', true],
    ['network_error', false],
    ['internal_error', false],
  ] as const)('%s means an unknown payment: %s', (code, unknown) => {
    expect(isUnknownPaymentCode(code)).toBe(unknown);
  });
});

describe('the payment ids of the widget address', () => {
  it.each([
    ['both ids', `?merchant_id=mch_demo&transaction_id=${TOKEN}`, { merchantId: 'mch_demo', transactionId: TOKEN }],
    ['no merchant', `?transaction_id=${TOKEN}`, null],
    ['no transaction', '?merchant_id=mch_demo', null],
    ['a token of the wrong shape', '?merchant_id=mch_demo&transaction_id=tx_1', null],
    ['a merchant id too long', `?merchant_id=${'m'.repeat(65)}&transaction_id=${TOKEN}`, null],
    ["pay.js's spelling: its merchantId and the token", `?mode=overlay&merchantId=mch_demo&token=${TOKEN}`, { merchantId: 'mch_demo', transactionId: TOKEN }],
    ["pay.js's spelling with a token of the wrong shape", '?merchantId=mch_demo&token=tx_1', null],
    ['both spellings: the hosted page\'s wins', `?merchant_id=mch_a&transaction_id=${TOKEN}&merchantId=mch_b&token=pay_${'B'.repeat(22)}`, { merchantId: 'mch_a', transactionId: TOKEN }],
  ])('%s', (_name, search, ids) => {
    expect(paymentIdsOf(search)).toEqual(ids);
  });

  it('links between pages keep the ids, the language and the SDK parameters, and drop an old reason', () => {
    const search = `merchant_id=mch_demo&transaction_id=${TOKEN}&lang=es&mode=overlay&reason=unknown`;
    expect(widgetHref('/payment-failed', search, { reason: 'expired' })).toBe(`/payment-failed?merchant_id=mch_demo&transaction_id=${TOKEN}&lang=es&mode=overlay&reason=expired`);
    expect(widgetHref('/payment', '')).toBe('/payment');
  });
});

describe('the merchant widget theme', () => {
  it('uses the spec defaults when the merchant set nothing', () => {
    expect(widgetThemeVars(null)).toEqual({ '--widget-primary': '#053f2e', '--widget-secondary': '#096e52' });
  });

  it('uses the merchant colours', () => {
    expect(widgetThemeVars({ widget_theme_primary_color: '#112233', widget_theme_secondary_color: '#abc' })).toEqual({ '--widget-primary': '#112233', '--widget-secondary': '#abc' });
  });

  it('falls back for anything that is not a hex colour (no CSS injection)', () => {
    expect(widgetThemeVars({ widget_theme_primary_color: 'red;background:url(x)', widget_theme_secondary_color: '' })).toEqual({ '--widget-primary': '#053f2e', '--widget-secondary': '#096e52' });
  });
});

describe('the return link', () => {
  it.each([
    ['https://shop.example/thanks', 'https://shop.example/thanks'],
    ['http://127.0.0.1:4000/orders/1', 'http://127.0.0.1:4000/orders/1'],
    ['javascript:alert(1)', null],
    ['/relative', null],
    [null, null],
  ])('%j -> %j', (url, safe) => {
    expect(safeReturnUrl(url)).toBe(safe);
  });
});

const details = (amount: string, product: string, more: Partial<Pick<TransactionAnswer, 'order_id' | 'return_url'>> = {}): TransactionAnswer => ({
  transaction_token: TOKEN,
  currency_1_iso: 'BTC',
  currency_1_address: 'bcrt1qexample',
  currency_1_tag: null,
  currency_1_amount: '0.00200000',
  payment_uri: 'bitcoin:bcrt1qexample?amount=0.002',
  qr: 'data:image/svg+xml;base64,AA==',
  top_up: null,
  amount,
  currency: 'EUR',
  rate: null,
  product,
  expires_at: '2026-01-01T00:15:00.000Z',
  status: 'new',
  test_mode: true,
  test_network: true,
  currency_options: null,
  return_url: null,
  order_id: null,
  ...more,
});
const merchant = (widget: Partial<MerchantAnswer['widget']>): MerchantAnswer => ({
  merchant_id: 'mch_demo',
  name: 'Verdant Goods Ltd',
  widget: {
    widget_product_name: 'Merchandise',
    widget_merchant_name: 'Verdant',
    widget_return_url: null,
    widget_theme_logo_url: null,
    widget_theme_primary_color: '#053f2e',
    widget_theme_secondary_color: '#096e52',
    widget_logo_size: 'Small',
    ...widget,
  },
  supported_coins: [],
  test_mode: true,
});

describe('/redirect with the merchant return URL', () => {
  it.each<[string, string | null, boolean, RedirectPlan]>([
    ['inside the SDK it sends the redirect event', 'https://shop.example/thanks', true, { kind: 'event', url: 'https://shop.example/thanks' }],
    ['standalone it navigates', 'http://127.0.0.1:4000/orders/1', false, { kind: 'navigate', url: 'http://127.0.0.1:4000/orders/1' }],
    ['no return URL: it stays and says the payment is complete', null, true, { kind: 'stay' }],
    ['a javascript: URL is never followed', 'javascript:alert(1)', false, { kind: 'stay' }],
  ])('%s', (_name, url, connected, plan) => {
    expect(redirectPlanOf(url, connected)).toEqual(plan);
  });

  it.each([
    ['the widget merchant name', { widget_merchant_name: 'Verdant' }, 'Verdant'],
    ['else the account name', { widget_merchant_name: ' ' }, 'Verdant Goods Ltd'],
  ] as const)('"Return to" names %s', (_name, widget, name) => {
    expect(merchantDisplayName(merchant(widget))).toBe(name);
  });

  it('"Return to" names the spec default when the merchant is unknown', () => {
    expect(merchantDisplayName(null)).toBe('Brand Name');
  });
});

describe('the widget header of a payment (spec §2)', () => {
  it('shows the widget merchant name, the payment product, the logo size and the amount', () => {
    const header = widgetHeader(headerInputOf(merchant({ widget_logo_size: 'Large', widget_theme_logo_url: 'https://shop.example/l.png' }), details('1290.5', 'Walnut Desk Lamp')));
    expect(header).toEqual({ merchantName: 'Verdant', logoUrl: 'https://shop.example/l.png', logoSizePx: 60, orderId: null, amountText: '€1,290.50', product: 'Walnut Desk Lamp' });
  });

  it('falls back to the merchant name and the widget product name', () => {
    expect(widgetHeader(headerInputOf(merchant({ widget_merchant_name: ' ', widget_product_name: 'Plants' }), details('60', '')))).toMatchObject({ merchantName: 'Verdant Goods Ltd', product: 'Plants' });
  });

  it('uses the spec defaults when the merchant is not known yet', () => {
    expect(widgetHeader(headerInputOf(null, details('60', '')))).toMatchObject({ merchantName: 'Brand Name', product: 'Merchandise', logoSizePx: 40 });
  });

  it('is hidden below 50', () => {
    expect(widgetHeader(headerInputOf(merchant({}), details('49.99', 'Moss')))).toBeNull();
  });

  it.each([
    ['the merchant order id (transaction_c1)', 'A-1042', 'A-1042'],
    ['no order id when the merchant sent none', null, null],
    ['no order id when it is blank', '  ', null],
  ] as const)('shows %s', (_name, orderId, shown) => {
    expect(widgetHeader(headerInputOf(merchant({}), details('60', 'Moss', { order_id: orderId })))?.orderId).toBe(shown);
  });
});

describe('the payment countdown (spec §4)', () => {
  const expiresAt = '2026-01-01T00:15:00.000Z';
  const at = (iso: string) => Date.parse(iso);
  it.each([
    ['a fresh payment shows 15:00', '2026-01-01T00:00:00.000Z', { text: '15:00', minutesLeft: 15, expired: false }],
    ['part of a second left rounds up', '2026-01-01T00:14:59.500Z', { text: '00:01', minutesLeft: 1, expired: false }],
    ['61 s left is 2 minutes for a screen reader', '2026-01-01T00:13:59.000Z', { text: '01:01', minutesLeft: 2, expired: false }],
    ['at expiry it stops at 00:00', '2026-01-01T00:15:00.000Z', { text: '00:00', minutesLeft: 0, expired: true }],
    ['after expiry it stays at 00:00', '2026-01-01T01:00:00.000Z', { text: '00:00', minutesLeft: 0, expired: true }],
    ['a clock behind the server never shows more than 15:00', '2025-12-31T23:00:00.000Z', { text: '15:00', minutesLeft: 15, expired: false }],
  ])('%s', (_name, now, view) => {
    expect(countdownView(expiresAt, at(now))).toEqual(view);
  });
});

describe('how often a page asks for the status', () => {
  it.each([
    ['/payment', AWAITING_PAYMENT_POLL_MS],
    ['/payment-detected', STATUS_POLL_MS],
    ['/payment-success', STATUS_POLL_MS],
  ] as const)('%s every %i ms: the pay page, where the buyer waits for the chain to see the money, asks more often', (page, ms) => {
    expect(statusPollMs(page)).toBe(ms);
  });
  it('waiting for money polls at least three times as often as waiting for confirmations', () => {
    expect(AWAITING_PAYMENT_POLL_MS * 3).toBeLessThanOrEqual(STATUS_POLL_MS);
  });
});
