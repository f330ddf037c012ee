// The deposit address as a QR code, drawn by our own SVG from the qrcode package's module matrix
// (no canvas, no innerHTML, nothing the CSP would object to). Only the wallet page's lazy chunk
// imports this, so the QR encoder never weighs on the first paint.
import qrcode from 'qrcode/lib/core/qrcode.js';

export interface QrMatrix {
  size: number;
  /** One SVG path drawing every dark module as a 1x1 square. */
  path: string;
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = qrcode.create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { size: modules.size, path };
}
