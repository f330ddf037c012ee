// A member's current identity check (table kyc_applications): read it (or what it would be before the first
// step: members verified before this table existed keep their users.compliance_status), create it on the
// first change, and move its state. Every state change also writes users.compliance_status, in the same
// transaction, with complianceStatusOf: limits (server/limits) read that column, not this table.

import type { Selectable, Transaction } from 'kysely';
import { complianceStatusOf, type KycState } from '#core/compliance/kyc-state.ts';
import type { Database, ComplianceStatus } from '../db/schema.ts';
import type { Db } from '../db/db.ts';
import { toJsonb } from '../db/jsonb.ts';
import type { KycApplicationsTable } from '../db/tables/compliance.ts';
import type { Member } from './documents.ts';

export type KycApplication = Selectable<KycApplicationsTable>;

/** The state a member without an application row is in, from the spec word stored before this table. */
export function stateOfStatus(status: ComplianceStatus): KycState {
  switch (status) {
    case 'successful':
      return 'approved';
    case 'review':
      return 'review';
    case 'failed':
      return 'rejected';
    case 'pending':
    case 'unknown':
      return 'not_started';
  }
}

export async function findApplication(db: Db | Transaction<Database>, member: Member): Promise<KycApplication | undefined> {
  return db.selectFrom('kyc_applications').selectAll().where('user_id', '=', member.userId).where('provider_id', '=', member.providerId).executeTakeFirst();
}

/**
 * The member's application, created when missing, and locked for the rest of the transaction so two
 * changes (an upload and a submit, an operator and the provider) cannot interleave.
 */
export async function lockApplication(trx: Transaction<Database>, member: Member): Promise<KycApplication> {
  const user = await trx
    .selectFrom('users')
    .select('compliance_status')
    .where('id', '=', member.userId)
    .where('provider_id', '=', member.providerId)
    .executeTakeFirstOrThrow();
  const state = stateOfStatus(user.compliance_status);
  // A member who was in review or decided before this table existed keeps that: the submitted and decided
  // times are unknown, so they are set to now, which the table's checks need.
  const now = new Date();
  await trx
    .insertInto('kyc_applications')
    .values({
      provider_id: member.providerId,
      user_id: member.userId,
      state,
      submitted_at: state === 'not_started' ? null : now,
      decided_at: state === 'approved' || state === 'rejected' ? now : null,
      identity_approved_at: state === 'approved' ? now : null,
    })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  return trx.selectFrom('kyc_applications').selectAll().where('user_id', '=', member.userId).forUpdate().executeTakeFirstOrThrow();
}

export interface ApplicationChange {
  state?: KycState;
  level_asked?: string | null;
  personal_data_at?: Date | null;
  address_at?: Date | null;
  document_type?: KycApplication['document_type'];
  document_number?: string | null;
  issue_country?: string | null;
  submitted_at?: Date | null;
  decided_at?: Date | null;
  decided_by?: bigint | null;
  identity_approved_at?: Date | null;
  reason_codes?: readonly string[];
  note?: string | null;
  provider_decision?: string | null;
  provider_applicant_id?: string | null;
  reopened_steps?: readonly string[];
}

/**
 * Writes a change to a locked application and, when the state moves, the spec word on the users row. Once
 * the identity was approved the word stays 'successful': a later submission for a higher level (a proof
 * of address) in review or rejected does not take the verified identity, and its limits, away.
 */
export async function changeApplication(trx: Db, application: KycApplication, change: ApplicationChange): Promise<void> {
  const { reason_codes: reasons, reopened_steps: reopened, ...rest } = change;
  await trx
    .updateTable('kyc_applications')
    .set({
      ...rest,
      ...(reasons !== undefined ? { reason_codes: toJsonb(reasons) } : {}),
      ...(reopened !== undefined ? { reopened_steps: toJsonb(reopened) } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', application.id)
    .execute();
  if (change.state !== undefined) {
    const identityApproved = (change.identity_approved_at ?? application.identity_approved_at) !== null;
    await trx
      .updateTable('users')
      .set({ compliance_status: identityApproved ? 'successful' : complianceStatusOf(change.state) })
      .where('id', '=', application.user_id)
      .where('provider_id', '=', application.provider_id)
      .execute();
  }
}
