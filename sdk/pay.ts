// pay.js, the file merchants load with a script tag. It runs once per script element:
//   - the first copy on the page defines window.PayKit; later copies keep it (nothing registers twice),
//   - a script tag with data-merchant-id gets its own pay button, right after it.
// The checkout origin is where this very file came from, so a merchant never configures it.

import { openCheckout } from './loader.ts';
import type { CheckoutOptions } from './types.ts';

const script = document.currentScript as HTMLScriptElement | null;
// currentScript is null in a module script or a callback: there is no reliable origin then, so do nothing.
if (script) {
  const kit = (window.PayKit ??= { open: (options) => openCheckout(new URL(script.src).origin, options) });
  const data = script.dataset;
  // data-merchant-id, data-amount, data-currency, data-product, data-order-id, data-mode, data-target and
  // data-locale are the option names; the checkout ignores the rest (data-label is the button's text).
  if (data.merchantId) {
    script.after(
      Object.assign(document.createElement('button'), {
        type: 'button',
        className: 'paykit-button',
        textContent: data.label || 'Pay with crypto',
        onclick: () => kit.open({ ...data } as CheckoutOptions),
      }),
    );
  }
}
