// The checkout's QR code, drawn on the server: the widget never needs a QR library, and the
// code always encodes the payment URI we built (BIP21 / EIP-681, core/chain/payment-uri.ts), never
// something assembled in a browser. An SVG: small, sharp at any size. The buyer's reads carry it inline as
// a data URL (allowed by img-src data:), so the widget shows it without another request; the merchant's
// create answers a link to it instead (transactionQrUrl), drawn when first fetched, as Stripe answers an
// image URL: a create whose code nobody shows costs no drawing and no 3 KB of answer.
// Drawn on the offload thread (server/offload/), off the event loop. The same URI always draws the same
// code, and the widget reads a payment's details again and again while the buyer pays, so the last few
// hundred codes are kept, as promises: reads that arrive while a code is being drawn share the drawing. A
// URI names its address, so one payment's reads share one entry; a bounded map, oldest dropped first; a
// failed drawing is dropped so the next read draws again.

import { documentPath } from '#core/contract/endpoint.ts';
import { transactionQr } from '#core/contract/merchant-payments.ts';
import { offload } from '../offload/offload.ts';

const MAX_CACHED = 500;
const drawn = new Map<string, Promise<string>>();

/** The QR code of `uri` as an SVG document. */
export function qrSvg(uri: string): Promise<string> {
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

/** The QR code of `uri` as an SVG data URL, for an <img> without another request. */
export async function qrDataUrl(uri: string): Promise<string> {
  return `data:image/svg+xml;base64,${Buffer.from(await qrSvg(uri), 'utf8').toString('base64')}`;
}

/** Where GET /mapi/api/transaction/qr draws one payment's code, on the platform's public origin. */
export function transactionQrUrl(publicUrl: string, merchantId: string, token: string): string {
  const url = new URL(documentPath(transactionQr), publicUrl);
  url.searchParams.set('merchant_id', merchantId);
  url.searchParams.set('transaction_id', token);
  return url.toString();
}
