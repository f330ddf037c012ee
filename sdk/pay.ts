// pay.js, the file merchants load with a script tag. It runs once per script element:
//   - the first copy on the page defines window.PayKit; later copies keep it (nothing registers twice),
//   - a script tag with data-coin gets a buy button (the buy widget, PayKit.buy), right after it,
//   - else a script tag with data-merchant-id gets a pay button (the payment widget, PayKit.open).
// The checkout origin is where this very file came from, so a merchant never configures it.

import { openCheckout } from './loader.ts';
import type { BuyOptions, CheckoutOptions } from './types.ts';

const script = document.currentScript as HTMLScriptElement | null;
// currentScript is null in a module script or a callback: there is no reliable origin then, so do nothing.
if (script) {
  const origin = new URL(script.src).origin;
  const open = (options: CheckoutOptions | BuyOptions) => openCheckout(origin, options);
  const kit = (window.PayKit ??= { open, buy: open });
  const data = script.dataset;
  // The option names: data-merchant-id, data-amount, data-currency, data-product, data-order-id, data-mode,
  // data-target and data-locale; for the buy widget data-coin, data-fiat, data-amount, data-address and
  // optionally data-merchant-id. The checkout ignores the rest (data-label is the button's text).
  if (data.coin || data.merchantId) {
    script.after(
      Object.assign(document.createElement('button'), {
        type: 'button',
        className: 'paykit-button',
        textContent: data.label || (data.coin ? 'Buy' : 'Pay with') + ' crypto',
        // A copy of the dataset: the options are read when the buyer clicks, as the tag says then.
        onclick: () => kit.open({ ...data } as CheckoutOptions),
      }),
    );
  }
}
