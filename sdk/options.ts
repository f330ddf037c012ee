// Merchant options -> the wire params of core/protocol.ts. Deliberately thin: pay.js relays, and the
// checkout (which has the bytes) parses them with paramsProblem and answers a malformed option with an
// `error` event `invalid_options` naming it, what it must be and what came. So a merchant learns about
// `amount: 25` (a number, where money must be a decimal string) from the error event and from the
// checkout's own screen, not from an exception here.

import type { CheckoutParams } from '#core/protocol.ts';
import type { BuyOptions, CheckoutOptions } from './types.ts';

/**
 * loader.ts writes this out (a call wrapper survives minification; pay.js has no byte to spare); this
 * copy is what the tests hold to the rule. Drops `target` (an element cannot cross postMessage) and renames `locale` to the URL's `lang`. */
export function toParams({ target, locale, ...params }: CheckoutOptions | BuyOptions): CheckoutParams {
  if (locale) (params as CheckoutParams).lang = locale;
  return params;
}
