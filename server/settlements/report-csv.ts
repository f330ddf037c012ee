// A payout's report as CSV (RFC 4180, CRLF): a header, one line per payment, then the totals as
// lines of their own so a spreadsheet sums the same numbers the PDF prints.

import { csvCell } from '../money/statement-csv.ts';
import type { PayoutReport } from './report.ts';

export const REPORT_CSV_HEADER = ['payment', 'conversion', 'order_id', 'product', 'settled_at', 'coin', 'received', 'payment_fee', 'conversion_fee', 'rate', 'currency', 'amount'];

export function reportCsv(report: PayoutReport): string {
  const row = (cells: readonly string[]) => cells.map(csvCell).join(',');
  const lines = [row(REPORT_CSV_HEADER)];
  for (const line of report.lines) {
    lines.push(row([line.payment, line.conversion, line.orderId, line.product, line.settledAt, line.coin, line.received, line.paymentFee, line.conversionFee, line.rate, report.currency, line.amount]));
  }
  const blank = (label: string, amount: string) => row([label, ...REPORT_CSV_HEADER.slice(1, -2).map(() => ''), report.currency, amount]);
  lines.push(blank('total', report.total), blank('payout_fee', report.fee), blank(`paid_to ${report.bank.iban}`, report.net));
  return `${lines.join('\r\n')}\r\n`;
}
