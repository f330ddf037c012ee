// The invoice as a PDF (pdfkit, its built-in Helvetica: no font files to ship), the same figures as the
// invoice answer it is drawn from. The standard fonts speak WinAnsi only, which covers the Latin names
// and addresses a checkout holds; anything outside it is printed as "?". The invoice number is also
// the document's title, so a reader (or a test) finds it without inflating the page streams.

import { coinPrice } from '#core/coin-price.ts';
import PDFDocument from 'pdfkit';
import type { InvoiceAnswer } from '#core/contract/invoice.ts';

const DELIVERY_WORDS: Record<InvoiceAnswer['delivery']['state'], string> = {
  sending: 'Paid; the coins are being sent to your address.',
  sent: 'Sent to your address.',
  rejected: 'The network refused the address; the coins were not sent. Our support team refunds your payment.',
};

/** WinAnsi (Latin-1 plus a few) is what the standard fonts can draw. */
function printable(text: string): string {
  return text.replace(/[^\u0020-\u00ff\n]/g, '?');
}

function addressLines(billing: InvoiceAnswer['buyer']['billing']): string[] {
  const cityLine = [billing.zipCode, billing.city, billing.state].filter((part) => part).join(' ');
  return [billing.address1, billing.address2, cityLine, billing.country].filter((line) => line);
}

export function invoicePdf(invoice: InvoiceAnswer): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Invoice ${invoice.invoice_number}`, Author: printable(invoice.seller.company) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(18).text(printable(invoice.seller.name));
  doc.font('Helvetica').fontSize(9).fillColor('#444');
  doc.text(printable(invoice.seller.company));
  if (invoice.seller.address) doc.text(printable(invoice.seller.address));
  if (invoice.seller.support_email) doc.text(printable(invoice.seller.support_email));
  doc.fillColor('#000').moveDown();

  doc.font('Helvetica-Bold').fontSize(14).text(`Invoice ${invoice.invoice_number}`);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Date: ${invoice.issued_at.slice(0, 10)}   Order: ${invoice.checkout_id}`);
  if (invoice.merchant) doc.text(printable(`Bought on the site of ${invoice.merchant.name} (${invoice.merchant.merchant_id})`));
  doc.moveDown();

  doc.font('Helvetica-Bold').text('Billed to');
  doc.font('Helvetica').text(printable(invoice.buyer.name));
  for (const line of addressLines(invoice.buyer.billing)) doc.text(printable(line));
  if (invoice.buyer.email) doc.text(printable(invoice.buyer.email));
  doc.moveDown();

  const fiat = invoice.paid.currency;
  const rows: [string, string][] = [
    ['Payment method', invoice.payment_method],
    [`${invoice.coins.currency_displayName} bought`, `${invoice.coins.amount} ${invoice.coins.currency}`],
    ['Rate', `1 ${invoice.coins.currency} = ${coinPrice(invoice.rate, fiat)} ${fiat}`],
    ['Price of the coins', `${invoice.paid.net} ${fiat}`],
    [invoice.coupon_code ? `Fee (coupon ${invoice.coupon_code})` : 'Fee', `${invoice.paid.fee} ${fiat}`],
    ['Total paid', `${invoice.paid.amount} ${fiat}`],
  ];
  for (const [index, [label, value]] of rows.entries()) {
    const y = doc.y;
    const last = index === rows.length - 1;
    doc.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(printable(label), left, y, { width: width * 0.55 });
    doc.text(printable(value), left + width * 0.55, y, { width: width * 0.45, align: 'right' });
    doc.x = left;
    doc.moveDown(0.3);
  }
  doc.moveDown();

  doc.font('Helvetica-Bold').text('Delivery');
  doc.font('Helvetica').text(DELIVERY_WORDS[invoice.delivery.state]);
  doc.text(printable(`Address: ${invoice.coins.address}`));
  if (invoice.delivery.txid) doc.text(`Transaction id: ${invoice.delivery.txid}`);
  if (invoice.delivery.delivered_at) doc.text(`Sent: ${invoice.delivery.delivered_at.replace('T', ' ').slice(0, 19)} UTC`);
  doc.end();
  return done;
}
