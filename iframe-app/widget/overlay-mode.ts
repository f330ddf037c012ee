// Whether the checkout draws the overlay (backdrop, card, focus trap, Esc). The SDK makes every frame that
// is not `mode: 'inline'` a full-viewport overlay (sdk/loader.ts) and puts an inline mode in the frame's URL,
// so the checkout follows the same rule from its first paint: framed without `mode=inline`, an overlay; once
// the SDK has connected, what it says. Standalone (a payment link, no frame), only the URL counts.
import type { CheckoutParams } from '#core/protocol.ts';

export function overlayModeOf(urlMode: CheckoutParams['mode'] | undefined, connected: Pick<CheckoutParams, 'mode'> | null, framed: boolean): boolean {
  if (urlMode === 'overlay') return true;
  if (urlMode === 'inline') return false;
  if (connected !== null) return connected.mode !== 'inline';
  return framed;
}
