// Kysely's view of migration 0025_bank_payments (online banking's redirect payments); server/db/schema.ts
// merges it into Database. Amounts are minor units of the row's currency.

import type { ColumnType } from 'kysely';

export type BankPaymentStatus = 'pending' | 'approved' | 'refused' | 'failed';

export interface BankPaymentsTable {
  /** The bank's id of the payment (bp_…). */
  payment_id: string;
  /** Ours (ob_…): what the bank echoes in its callback. */
  reference: string;
  amount_minor: bigint;
  currency: string;
  status: ColumnType<BankPaymentStatus, BankPaymentStatus | undefined, BankPaymentStatus>;
  created_at: ColumnType<Date, never, never>;
  callback_id: ColumnType<string | null, string | null | undefined, string | null>;
  callback_received_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface OnlineBankingTables {
  bank_payments: BankPaymentsTable;
}
