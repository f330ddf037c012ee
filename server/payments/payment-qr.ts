// The checkout's QR code, drawn on the server: the widget never needs a QR library, and the
// code always encodes the payment URI we built (BIP21 / EIP-681, core/chain/payment-uri.ts), never
// something assembled in a browser. An SVG data URL: small, sharp at any size, allowed by img-src data:.
// The same URI always draws the same code, and the widget reads a payment's details again and again while
// the buyer pays, so the last few hundred codes are kept (a URI names its address, so one payment's reads
// share one entry; a bounded map, oldest dropped first).

import QRCode from 'qrcode';

export const QR_DATA_URL_PREFIX = 'data:image/svg+xml;base64,';

const MAX_CACHED = 500;
const drawn = new Map<string, string>();

export async function qrDataUrl(uri: string): Promise<string> {
  const cached = drawn.get(uri);
  if (cached !== undefined) {
    // Most recently used last, so the oldest is the one dropped.
    drawn.delete(uri);
    drawn.set(uri, cached);
    return cached;
  }
  // Level M survives a smudged screen; margin 2 modules is enough on the widget's white card. One byte-mode
  // segment: a lowercase URI gains next to nothing from the package's search for the shortest mix of modes
  // (a shortest-path search per code: 1 to 3 % of a payment create's CPU in a profile).
  const svg = await QRCode.toString([{ data: uri, mode: 'byte' }], { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  const url = `${QR_DATA_URL_PREFIX}${Buffer.from(svg, 'utf8').toString('base64')}`;
  if (drawn.size >= MAX_CACHED) drawn.delete(drawn.keys().next().value!);
  drawn.set(uri, url);
  return url;
}
