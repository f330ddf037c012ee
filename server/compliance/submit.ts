// POST /compliance/submit: the member sends what they gave for checking. Every step must be done and
// nothing may be under decision; the application moves to pending (the provider's automatic check) and,
// in test mode, the test provider decides at once in the same transaction (test-provider-run.ts). In live
// mode it stays pending until the provider's signed webhook answers (live-adapter.ts).

import { appError } from '#core/errors.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { changeApplication, lockApplication } from './applications.ts';
import type { Member } from './documents.ts';
import { canSubmit, readFacts, stepsOf } from './progress.ts';
import type { StepResult } from './member-steps.ts';
import { runTestProvider } from './test-provider-run.ts';

export async function submitApplication(db: Kysely<Database>, member: Member, mode: 'test' | 'live', now = new Date()): Promise<StepResult> {
  return db.transaction().execute(async (trx): Promise<StepResult> => {
    const application = await lockApplication(trx, member);
    const steps = stepsOf(await readFacts(trx, member), 'retail');
    if (steps.state === 'pending' || steps.state === 'review') return { ok: false, error: appError('kyc_in_progress') };
    if (!canSubmit(steps)) {
      if (steps.state === 'approved' && steps.target === null) return { ok: false, error: appError('compliance_final') };
      return { ok: false, error: appError('kyc_step_not_open', 'Some steps are not done yet. Complete every step in Account Verification, then send it.') };
    }
    await changeApplication(trx, application, {
      state: 'pending', level_asked: steps.target, submitted_at: now, decided_at: null, decided_by: null, reason_codes: [], note: null, reopened_steps: [],
      provider_decision: null,
    });
    if (mode === 'test') await runTestProvider(trx, member, now);
    return { ok: true };
  });
}
