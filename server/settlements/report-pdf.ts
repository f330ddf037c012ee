// A payout's report as a PDF (pdfkit, its built-in Helvetica: no font files to ship): the payout, the
// bank account it went to, a table of the payments it covers and the totals, the same figures as the
// CSV. Built in memory; a report is a few pages at most. The standard fonts speak WinAnsi only, so
// the masked IBAN's bullets are printed as asterisks.

import PDFDocument from 'pdfkit';
import { formatMinor, mustParseAmount } from '#core/money.ts';
import type { PayoutReport } from './report.ts';

const COLUMNS: { title: string; width: number; align?: 'right' }[] = [
  { title: 'Payment / conversion', width: 142 },
  { title: 'Order', width: 58 },
  { title: 'Coin', width: 28 },
  { title: 'Received', width: 60, align: 'right' },
  { title: 'Fees', width: 56, align: 'right' },
  { title: 'Rate', width: 72, align: 'right' },
  { title: 'Amount', width: 80, align: 'right' },
];

function cells(report: PayoutReport, line: PayoutReport['lines'][number]): string[] {
  const feeText = formatMinor(mustParseAmount(line.paymentFee, line.coin) + mustParseAmount(line.conversionFee, line.coin), line.coin);
  return [`${line.payment}\n${line.conversion}`, line.orderId, line.coin, line.received, feeText, line.rate, `${line.amount} ${report.currency}`];
}

export function reportPdf(report: PayoutReport, brand: string): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Payout ${report.payoutId}`, Author: brand } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(16).text(`${brand}: settlement report`);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(`Payout ${report.payoutId} (${report.status})`);
  doc.text(`Created ${report.createdAt}${report.resolvedAt ? `, resolved ${report.resolvedAt}` : ''}`);
  doc.text(`Paid to ${report.bank.company}, ${report.bank.name}, IBAN ${report.bank.iban.replace(/•+/g, '****')}, SWIFT/BIC ${report.bank.swift}`);
  doc.moveDown();

  const left = doc.page.margins.left;
  const row = (values: readonly string[], bold = false) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    let bottom = y;
    COLUMNS.forEach((column, index) => {
      doc.text(values[index] ?? '', x, y, { width: column.width - 6, align: column.align ?? 'left' });
      bottom = Math.max(bottom, doc.y);
      x += column.width;
    });
    doc.x = left;
    doc.y = bottom + 4;
  };
  row(COLUMNS.map((column) => column.title), true);
  for (const line of report.lines) row(cells(report, line));
  if (report.lines.length === 0) doc.font('Helvetica').fontSize(9).text('No payments.');

  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(10);
  doc.text(`Payments: ${report.lines.length}`, left);
  doc.text(`Total: ${report.total} ${report.currency}`, left);
  doc.text(`Payout fee: ${report.fee} ${report.currency}`, left);
  doc.text(`Paid to the bank: ${report.net} ${report.currency}`, left);
  doc.font('Helvetica').fontSize(8).moveDown().text('Fees are in the coin of each payment: the payment fee and the conversion fee together. Amounts are the fiat each payment became at its rate.', left);
  doc.end();
  return done;
}
