// The public types of the SDK: what a merchant's code sees, in pay.d.ts and through window.PayKit.

import type {
  CheckoutErrorCode,
  CheckoutEventMap,
  CheckoutEventName,
  CheckoutMode,
  FailureReason,
  PaymentReceipt,
} from '#core/protocol.ts';

export type { CheckoutErrorCode, CheckoutEventMap, CheckoutEventName, CheckoutMode, FailureReason, PaymentReceipt };

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
 * How a checkout ended, as a value: `result` never rejects (Stripe's habit), so `await handle.result`
 * needs no try/catch. It is the first terminal event, its name as `status` and its payload beside it:
 *   payment-success  `receipt` is signed, but only your server's check (webhook or status API) proves payment
 *   payment-failed   `reason`: expired, invalid, paid_partial or paid_late
 *   close            the buyer or your code closed the checkout before either
 *   error            the checkout never connected: `timeout` or `blocked` (see CheckoutErrorCode)
 * An `error` event from a connected checkout does not settle it: the buyer can still retry or close.
 */
export type PaymentResult =
  | ({ status: 'payment-success' } & CheckoutEventMap['payment-success'])
  | ({ status: 'payment-failed' } & CheckoutEventMap['payment-failed'])
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
}

declare global {
  interface Window {
    PayKit?: PayKit;
  }
}
