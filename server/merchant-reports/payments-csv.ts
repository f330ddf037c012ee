// The back office's payment list as CSV: one line per payment, the columns of the list, amounts as
// plain decimals in their own asset (no thousands separators, so a spreadsheet sums them).

import type { MerchantPayment } from '#core/contract/merchant-office.ts';
import { csvCell } from '../money/statement-csv.ts';

const COLUMNS = [
  ['payment_id', (p) => p.id],
  ['order_id', (p) => p.order_id],
  ['product', (p) => p.product],
  ['status', (p) => p.status],
  ['exception', (p) => p.exception],
  ['fiat_currency', (p) => p.fiat_currency],
  ['fiat_amount', (p) => p.fiat_amount],
  ['coin', (p) => p.coin],
  ['amount_due', (p) => p.amount_due],
  ['amount_paid', (p) => p.amount_paid],
  ['amount_confirmed', (p) => p.amount_confirmed],
  ['confirmations', (p) => String(p.confirmations)],
  ['required_confirmations', (p) => (p.required_confirmations === null ? null : String(p.required_confirmations))],
  ['fee', (p) => p.fee],
  ['credited', (p) => p.credited],
  ['address', (p) => p.address],
  ['created_at', (p) => p.created_at],
  ['settled_at', (p) => p.settled_at],
] as const satisfies readonly (readonly [string, (payment: MerchantPayment) => string | null])[];

export function paymentsCsv(payments: readonly MerchantPayment[]): string {
  const lines = [COLUMNS.map(([name]) => name).join(',')];
  for (const payment of payments) lines.push(COLUMNS.map(([, cell]) => csvCell(cell(payment) ?? '')).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
