// The checkout's QR code, drawn on the server: the widget never needs a QR library, and the
// code always encodes the payment URI we built (BIP21 / EIP-681, core/chain/payment-uri.ts), never
// something assembled in a browser. An SVG data URL: small, sharp at any size, allowed by img-src data:.

import QRCode from 'qrcode';

export const QR_DATA_URL_PREFIX = 'data:image/svg+xml;base64,';

export async function qrDataUrl(uri: string): Promise<string> {
  // Level M survives a smudged screen; margin 2 modules is enough on the widget's white card.
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `${QR_DATA_URL_PREFIX}${Buffer.from(svg, 'utf8').toString('base64')}`;
}
