// Beneficiaries: the bank accounts a member withdraws fiat to. An IBAN is checked with its mod-97
// check digits (ISO 13616) before it is saved, so a typo is caught here and not by a bank days later.
// Saving the same account twice answers the one already saved. Lists show the IBAN masked.

import type { AccountFiat } from '#core/assets.ts';
import type { Beneficiary } from '#core/contract/withdrawals.ts';
import { appError, type AppError } from '#core/errors.ts';
import { ibanChecksumValid, maskIban } from '#core/iban.ts';
import type { Db } from '../db/db.ts';


export interface BeneficiaryInput {
  name: string;
  bank_name: string;
  /** Already without spaces and upper case (AddBeneficiarySchema). */
  iban: string;
  swift: string;
  currency: AccountFiat;
}

type Row = { public_id: string; name: string; bank_name: string; iban: string; swift: string; currency: string };

function toBeneficiary(row: Row): Beneficiary {
  return { id: row.public_id, name: row.name, bank_name: row.bank_name, iban: maskIban(row.iban), swift: row.swift, currency: row.currency as AccountFiat };
}

const COLUMNS = ['public_id', 'name', 'bank_name', 'iban', 'swift', 'currency'] as const;

export async function addBeneficiary(db: Db, userId: bigint, input: BeneficiaryInput): Promise<{ ok: true; beneficiary: Beneficiary } | { ok: false; error: AppError }> {
  if (!ibanChecksumValid(input.iban)) {
    return { ok: false, error: appError('validation_failed', undefined, { iban: ['This IBAN is not valid: its check digits do not match. Check each character.'] }) };
  }
  const inserted = await db
    .insertInto('beneficiaries')
    .values({ user_id: userId, ...input })
    .onConflict((conflict) => conflict.columns(['user_id', 'iban', 'currency']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  const row =
    inserted ??
    (await db.selectFrom('beneficiaries').select(COLUMNS).where('user_id', '=', userId).where('iban', '=', input.iban).where('currency', '=', input.currency).executeTakeFirstOrThrow());
  return { ok: true, beneficiary: toBeneficiary(row) };
}

export async function listBeneficiaries(db: Db, userId: bigint): Promise<Beneficiary[]> {
  const rows = await db.selectFrom('beneficiaries').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'asc').execute();
  return rows.map(toBeneficiary);
}

/** The member's beneficiary with the full IBAN (for the payout), or null. */
export async function findBeneficiary(db: Db, userId: bigint, publicId: string): Promise<(Row & { currency: AccountFiat }) | null> {
  const row = await db.selectFrom('beneficiaries').select(COLUMNS).where('user_id', '=', userId).where('public_id', '=', publicId).executeTakeFirst();
  return row ? { ...row, currency: row.currency as AccountFiat } : null;
}
