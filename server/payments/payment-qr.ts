// The checkout's QR code, drawn on the server: the widget never needs a QR library, and the
// code always encodes the payment URI we built (BIP21 / EIP-681, core/chain/payment-uri.ts), never
// something assembled in a browser. An SVG data URL: small, sharp at any size, allowed by img-src data:.
// Drawn on the offload thread (server/offload/), off the event loop. The same URI always draws the same
// code, and the widget reads a payment's details again and again while the buyer pays, so the last few
// hundred codes are kept, as promises: a create starts drawing its code before it writes the payment
// (create-payment.ts), and the answer built afterwards picks up the drawing already under way. A URI names
// its address, so one payment's reads share one entry; a bounded map, oldest dropped first; a failed
// drawing is dropped so the next read draws again.

import { offload } from '../offload/offload.ts';

const MAX_CACHED = 500;
const drawn = new Map<string, Promise<string>>();

export function qrDataUrl(uri: string): Promise<string> {
  const cached = drawn.get(uri);
  if (cached !== undefined) {
    // Most recently used last, so the oldest is the one dropped.
    drawn.delete(uri);
    drawn.set(uri, cached);
    return cached;
  }
  const drawing = offload({ kind: 'qr', uri });
  drawing.catch(() => {
    if (drawn.get(uri) === drawing) drawn.delete(uri);
  });
  if (drawn.size >= MAX_CACHED) drawn.delete(drawn.keys().next().value!);
  drawn.set(uri, drawing);
  return drawing;
}
