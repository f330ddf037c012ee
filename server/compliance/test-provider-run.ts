// The test KYC provider (MODE=test) deciding a submission at once, like Stripe's test cards: the document
// number or the last name picks approved, rejected with a reason, or review for an operator
// (core/compliance/test-kyc-provider.ts holds the cases). Runs in the submit's transaction.

import { testKycDecision } from '#core/compliance/test-kyc-provider.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { lockApplication } from './applications.ts';
import { applyDecision, type KycDecision } from './decide.ts';
import type { Member } from './documents.ts';

export async function runTestProvider(trx: Transaction<Database>, member: Member, now: Date): Promise<KycDecision> {
  const application = await lockApplication(trx, member);
  const user = await trx.selectFrom('users').select('last_name').where('id', '=', member.userId).executeTakeFirstOrThrow();
  const outcome = testKycDecision({ documentNumber: application.document_number ?? '', lastName: user.last_name });
  const decision: KycDecision = outcome.decision === 'rejected' ? { decision: 'rejected', reasons: [outcome.reason] } : outcome;
  await applyDecision(trx, application, decision, { operatorId: null, providerDecision: outcome.decision }, now);
  return decision;
}
