// Kysely's view of migration 0030 checkout_recipients: who a remittance is for, how they are told and
// what they receive; server/db/schema.ts merges it into Database.

import type { ColumnType, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, never, never>;

export interface CheckoutRecipientsTable {
  checkout_id: bigint;
  name: string;
  notify_by: 'email' | 'sms';
  notify_to: string;
  locale: ColumnType<'en' | 'es', 'en' | 'es' | undefined, 'en' | 'es'>;
  receives: 'crypto' | 'fiat';
  /** Normalised (upper case, no spaces); NULL for crypto. */
  iban: string | null;
  account_holder: string | null;
  bank_payout_id: ColumnType<string | null, string | null | undefined, string | null>;
  payout_claimed_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  notified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type CheckoutRecipientRow = Selectable<CheckoutRecipientsTable>;

export interface CheckoutRecipientTables {
  checkout_recipients: CheckoutRecipientsTable;
}
