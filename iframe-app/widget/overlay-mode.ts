// Whether the checkout draws the overlay (backdrop, card, focus trap, Esc). The SDK makes every frame that
// is not `mode: 'inline'` a full-viewport overlay (sdk/loader.ts), so the checkout follows the same rule:
// the URL's `mode=overlay` gives the first paint its backdrop; a merchant who left `mode` out (overlay is
// the SDK's default, and pay.js puts only the options it was given in the URL) gets it once the SDK has
// connected. Standalone (a payment link, no SDK), only the URL counts.
import type { CheckoutParams } from '#core/protocol.ts';

export function overlayModeOf(urlMode: CheckoutParams['mode'] | undefined, connected: Pick<CheckoutParams, 'mode'> | null): boolean {
  if (urlMode === 'overlay') return true;
  return connected !== null && connected.mode !== 'inline';
}
