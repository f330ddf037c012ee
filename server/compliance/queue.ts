// The console's compliance queue (roles compliance and admin): applicants of one provider by state and age,
// oldest sent first, and one applicant with everything an operator compares side by side: the personal
// data and address given, the document declared, every photo (summaries; the bytes are read one by one),
// and the earlier declarations. Every query filters by the operator's provider.

import type { KycState } from '#core/compliance/kyc-state.ts';
import type { Db } from '../db/db.ts';
import { listDocuments, type DocumentSummary } from './documents.ts';
import { stateOfStatus, type KycApplication } from './applications.ts';

/** What waits for a decision first; the other states are there to look an applicant up. */
export const QUEUE_STATES: readonly KycState[] = ['review', 'pending', 'more_requested', 'rejected', 'approved'];

export interface QueueEntry {
  userId: bigint;
  name: string;
  email: string;
  state: KycState;
  levelAsked: string | null;
  submittedAt: Date | null;
  /** Seconds since it was sent: how long the member has waited. */
  ageS: number;
  documentType: string | null;
}

export async function listQueue(db: Db, providerId: bigint, states: readonly KycState[], now = new Date(), limit = 100): Promise<QueueEntry[]> {
  if (states.length === 0) return [];
  const rows = await db
    .selectFrom('kyc_applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.user_id', 'a.state', 'a.level_asked', 'a.submitted_at', 'a.document_type', 'u.first_name', 'u.last_name', 'u.email'])
    .where('a.provider_id', '=', providerId)
    .where('u.provider_id', '=', providerId)
    .where('a.state', 'in', states)
    .orderBy('a.submitted_at', 'asc')
    .orderBy('a.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    state: row.state,
    levelAsked: row.level_asked,
    submittedAt: row.submitted_at,
    ageS: row.submitted_at ? Math.max(0, Math.floor((now.getTime() - row.submitted_at.getTime()) / 1000)) : 0,
    documentType: row.document_type,
  }));
}

/** How many applicants are in each state, for the queue's tabs. */
export async function queueCounts(db: Db, providerId: bigint): Promise<Record<KycState, number>> {
  const rows = await db
    .selectFrom('kyc_applications')
    .select(['state', (eb) => eb.fn.countAll<string>().as('count')])
    .where('provider_id', '=', providerId)
    .groupBy('state')
    .execute();
  const counts = { not_started: 0, pending: 0, review: 0, approved: 0, rejected: 0, more_requested: 0 } satisfies Record<KycState, number>;
  for (const row of rows) counts[row.state] = Number(row.count);
  return counts;
}

export interface Applicant {
  userId: bigint;
  email: string;
  personal: { firstName: string; lastName: string; dateOfBirth: string };
  address: { address1: string; address2: string; city: string; zipCode: string; country: string };
  state: KycState;
  application: KycApplication | null;
  documents: DocumentSummary[];
  declarations: { documentType: string; documentNumber: string; issueCountry: string; submittedAt: Date }[];
}

export async function applicantOf(db: Db, providerId: bigint, userId: bigint): Promise<Applicant | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'date_of_birth', 'billing', 'compliance_status'])
    .where('id', '=', userId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  if (!user) return null;
  const application = (await db.selectFrom('kyc_applications').selectAll().where('user_id', '=', userId).where('provider_id', '=', providerId).executeTakeFirst()) ?? null;
  const declarations = await db
    .selectFrom('identity_documents')
    .select(['document_type', 'document_number', 'issue_country', 'submitted_at'])
    .where('user_id', '=', userId)
    .orderBy('submitted_at', 'desc')
    .limit(10)
    .execute();
  const billing = user.billing;
  return {
    userId: user.id,
    email: user.email,
    personal: { firstName: user.first_name, lastName: user.last_name, dateOfBirth: user.date_of_birth },
    address: { address1: billing.address1 ?? '', address2: billing.address2 ?? '', city: billing.city ?? '', zipCode: billing.zipCode ?? '', country: billing.country ?? '' },
    state: application?.state ?? stateOfStatus(user.compliance_status),
    application,
    documents: await listDocuments(db, { providerId, userId }),
    declarations: declarations.map((row) => ({ documentType: row.document_type, documentNumber: row.document_number, issueCountry: row.issue_country, submittedAt: row.submitted_at })),
  };
}
