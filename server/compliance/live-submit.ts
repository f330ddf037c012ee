// Live mode: a submitted application handed to the hosted provider, after the submit's transaction
// committed (network calls never hold a database lock): the applicant, each photo that stands for a step
// (opened from its box only to be sent), then the check. The provider's decision comes on the signed
// webhook (live-adapter.ts). If the provider cannot be reached the application stays pending, where the
// console's queue shows it ("Provider checking") and an operator can decide it.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DocumentBox } from './document-box.ts';
import { readDocument, type Member } from './documents.ts';
import type { LiveKycProvider } from './live-adapter.ts';
import { counts, readFacts } from './progress.ts';

export async function sendToProvider(db: Kysely<Database>, box: DocumentBox, provider: LiveKycProvider, member: Member): Promise<{ applicantId: string }> {
  const facts = await readFacts(db, member);
  const { applicantId } = await provider.createApplicant({
    externalId: `member-${member.userId}`,
    firstName: facts.user.first_name,
    lastName: facts.user.last_name,
    dateOfBirth: facts.user.date_of_birth,
    country: facts.user.billing.country ?? '',
  });
  await db.updateTable('kyc_applications').set({ provider_applicant_id: applicantId, updated_at: new Date() }).where('user_id', '=', member.userId).where('state', '=', 'pending').execute();
  for (const summary of facts.documents.filter((document) => document.reviewState === 'submitted' && counts(document))) {
    const read = await readDocument(db, box, member, summary.id);
    if (!read.ok) continue;
    await provider.addDocument(applicantId, { kind: summary.kind, side: summary.side, contentType: summary.contentType, bytes: read.document.bytes });
  }
  await provider.requestCheck(applicantId);
  return { applicantId };
}
