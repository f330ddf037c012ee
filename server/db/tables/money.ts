// Kysely's view of the tables of migration 0006_money; server/db/schema.ts merges it into Database.
// Money columns are BIGINT minor units (`_minor`), in the asset named beside them.

import type { ColumnType, Generated, Selectable } from 'kysely';
import type { PaymentMethod, PaymentStatus, TransactionStatus, TransactionType } from '#core/contract/transactions.ts';
import type { Operation } from '#core/contract/rates.ts';

type CreatedAt = ColumnType<Date, never, never>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface MoneyTransactionsTable {
  id: Generated<bigint>;
  public_id: Generated<string>;
  provider_id: bigint;
  user_id: bigint | null;
  type: TransactionType;
  operation: Operation | null;
  status: TransactionStatus;
  payment_status: PaymentStatus | null;
  method: PaymentMethod;
  currency_iso: string;
  amount_minor: bigint;
  currency_2_iso: string | null;
  amount_2_minor: bigint | null;
  fee_minor: Generated<bigint>;
  fee_currency: string;
  rate: string | null;
  counterparty: string | null;
  reference: string | null;
  confirmations: number | null;
  required_confirmations: number | null;
  details: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface BeneficiariesTable {
  id: Generated<bigint>;
  public_id: Generated<string>;
  user_id: bigint;
  name: string;
  bank_name: string;
  iban: string;
  swift: string;
  currency: string;
  created_at: CreatedAt;
}

export interface CardsTable {
  id: Generated<bigint>;
  public_id: Generated<string>;
  user_id: bigint;
  acquirer_token: string;
  fingerprint: string;
  brand: string;
  last4: string;
  exp_month: string;
  exp_year: string;
  holder: string;
  created_at: CreatedAt;
}

export interface IdempotencyKeysTable {
  id: Generated<bigint>;
  scope: string;
  key: string;
  request_hash: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_body: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
  expires_at: Date;
}

export interface MoneyTables {
  money_transactions: MoneyTransactionsTable;
  beneficiaries: BeneficiariesTable;
  cards: CardsTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type MoneyTransactionRow = Selectable<MoneyTransactionsTable>;
