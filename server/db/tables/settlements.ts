// Kysely's view of the settlements migration; server/db/schema.ts merges it into Database.

import type { ColumnType, Generated, Selectable } from 'kysely';
import type { AccountFiat } from '#core/assets.ts';
import type { PayoutSchedule, PayoutStatus, SettlementPolicy } from '#core/contract/settlements.ts';

type CreatedAt = ColumnType<Date, never, never>;

export interface MerchantSettlementSettingsTable {
  merchant_id: bigint;
  bank_iban: string | null;
  bank_swift: string | null;
  bank_name: string | null;
  bank_address: string | null;
  bank_company_name: string | null;
  bank_company_registered_address: string | null;
  policy: ColumnType<SettlementPolicy, SettlementPolicy | undefined, SettlementPolicy>;
  fiat_currency: ColumnType<AccountFiat, AccountFiat | undefined, AccountFiat>;
  schedule: ColumnType<PayoutSchedule, PayoutSchedule | undefined, PayoutSchedule>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type SettlementSettingsRow = Selectable<MerchantSettlementSettingsTable>;

export interface SettlementPayoutsTable {
  id: Generated<bigint>;
  public_id: string;
  provider_id: bigint;
  merchant_id: bigint;
  currency: AccountFiat;
  amount_minor: bigint;
  fee_minor: Generated<bigint>;
  status: PayoutStatus;
  trigger: 'on_demand' | 'scheduled';
  period_key: string | null;
  bank_iban: string;
  bank_swift: string;
  bank_name: string;
  bank_company_name: string;
  rejection_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  resolved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
export type SettlementPayoutRow = Selectable<SettlementPayoutsTable>;

export interface SettlementConversionsTable {
  id: Generated<bigint>;
  provider_id: bigint;
  merchant_id: bigint;
  payment_id: bigint;
  transaction_id: string;
  coin: string;
  coin_minor: bigint;
  fee_minor: bigint;
  rate: string;
  fiat_currency: AccountFiat;
  fiat_minor: bigint;
  payout_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  created_at: CreatedAt;
}
export type SettlementConversionRow = Selectable<SettlementConversionsTable>;

export interface SettlementPayoutItemsTable {
  payout_id: bigint;
  conversion_id: bigint;
}

export interface SettlementsTables {
  merchant_settlement_settings: MerchantSettlementSettingsTable;
  settlement_payouts: SettlementPayoutsTable;
  settlement_conversions: SettlementConversionsTable;
  settlement_payout_items: SettlementPayoutItemsTable;
}
