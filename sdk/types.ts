// The public types of the SDK: what a merchant's code sees, in pay.d.ts and through window.PayKit.

import type {
  OrderFailureReason,
  OrderReceipt,
  CheckoutErrorCode,
  CheckoutEventMap,
  CheckoutEventName,
  CheckoutMode,
  FailureReason,
  PaymentReceipt,
} from '#core/protocol.ts';

export type { CheckoutErrorCode, CheckoutEventMap, CheckoutEventName, CheckoutMode, FailureReason, OrderFailureReason, OrderReceipt, PaymentReceipt };

/**
 * What the merchant page asks for. Either `merchantId` (a publishable id; the checkout then prices the
 * order from `amount` and `currency`) or `token` (a transaction your server created with the merchant API,
 * the way the demo shop does it). Amounts are decimal strings, never numbers: "25.00", not 25.
 */
export interface CheckoutOptions {
  merchantId?: string;
  token?: string;
  amount?: string;
  currency?: string;
  product?: string;
  orderId?: string;
  /** 'overlay' (default): full-viewport frame, the checkout draws its own modal card. 'inline': inside `target`. */
  mode?: CheckoutMode;
  /** Inline mode: the element (or a CSS selector of it) the checkout is placed in. */
  target?: string | Element;
  /** 'en' or 'es'; the checkout falls back to the provider's default language. */
  locale?: string;
}

/**
 * What the buy widget opens with (PayKit.buy): a visitor buys `coin` with `fiat`, `amount` (a decimal
 * string, fee included) and the coins go to `address` (the buyer can enter or change it in the widget).
 * `coin` is what makes it the buy widget: options with a coin open it, through PayKit.buy or PayKit.open.
 * With `merchantId` (a publishable id) the widget says it is your shop's and `order-completed` carries a
 * receipt signed for your server; without it the provider sells on its own.
 */
export interface BuyOptions {
  coin: string;
  fiat?: string;
  amount?: string;
  address?: string;
  merchantId?: string;
  mode?: CheckoutMode;
  target?: string | Element;
  locale?: string;
}

/**
 * How a checkout ended, as a value: `result` never rejects (Stripe's habit), so `await handle.result`
 * needs no try/catch. It is the first terminal event, its name as `status` and its payload beside it:
 *   payment-success  `receipt` is signed, but only your server's check (webhook or status API) proves payment
 *   payment-failed   `reason`: expired, invalid, paid_partial or paid_late
 *   order-completed  the buy widget's order was paid (`receipt` signed when opened with a merchantId)
 *   order-failed     the buy widget's order ended unpaid: `reason` failed, expired or canceled
 *   close            the buyer or your code closed the checkout before either
 *   error            the checkout never connected: `timeout` or `blocked` (see CheckoutErrorCode)
 * An `error` event from a connected checkout does not settle it: the buyer can still retry or close.
 */
export type PaymentResult =
  | ({ status: 'payment-success' } & CheckoutEventMap['payment-success'])
  | ({ status: 'payment-failed' } & CheckoutEventMap['payment-failed'])
  | ({ status: 'order-completed' } & CheckoutEventMap['order-completed'])
  | ({ status: 'order-failed' } & CheckoutEventMap['order-failed'])
  | { status: 'close' }
  | { status: 'error'; code: 'timeout' | 'blocked'; message: string };

export type CheckoutHandler<E extends CheckoutEventName> = (data: CheckoutEventMap[E]) => void;

export interface CheckoutHandle {
  /** Subscribe to an event; handlers run in a microtask, so one that throws cannot break the checkout. */
  on<E extends CheckoutEventName>(event: E, handler: CheckoutHandler<E>): CheckoutHandle;
  /** Remove the checkout, restore scroll and focus, emit `close`. Safe to call more than once. */
  close(): void;
  readonly result: Promise<PaymentResult>;
}

export interface PayKit {
  /** Throws a TypeError that names the bad option when the options are malformed (an integration bug). */
  open(options: CheckoutOptions): CheckoutHandle;
  /**
   * The buy widget: a visitor buys crypto from inside your page. Same frame, modes, events and close as
   * `open`; its own events are order-created, payment-authorized, order-completed and order-failed.
   */
  buy(options: BuyOptions): CheckoutHandle;
}

declare global {
  interface Window {
    PayKit?: PayKit;
  }
}
