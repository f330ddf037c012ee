// Which events settle `handle.result`: the result is the terminal event itself, as a value, its name as
// `status` and its payload spread beside it. Apart from the DOM code so that it is unit-tested.

import type { CheckoutEventMap, CheckoutEventName } from '#core/protocol.ts';
import type { PaymentResult } from './types.ts';

/**
 * payment-success, payment-failed and close settle it. `error` does not: a connected checkout's error
 * (a rates failure, say) leaves the buyer able to retry; the SDK's own connection failures (timeout,
 * blocked) settle the result themselves, as { status: 'error' }.
 */
export function settles(event: CheckoutEventName): boolean {
  return /^(payment-[sf]|close$)/.test(event);
}

/** The value `result` settles with for a terminal event. */
export function resultFor<E extends CheckoutEventName>(event: E, data: CheckoutEventMap[E]): PaymentResult {
  return { status: event, ...data } as PaymentResult;
}
