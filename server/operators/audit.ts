// The audit log: one row per operator action, written INSIDE the transaction of the change it records,
// so a change without its row (or a row without its change) cannot happen. The table is append-only
// (a trigger refuses UPDATE, DELETE and TRUNCATE, migration 0020). `action` is dotted lower case
// ("member.block", "kyc.approve"); before/after are the target's state around the change, as JSON
// (bigints as decimal strings, dates as ISO text), null where there is none.

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { OperatorContext } from './operator-context.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditEntryInput {
  operator: Pick<OperatorContext, 'id' | 'providerId'>;
  ip: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

const ACTION = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;

export async function recordAudit(db: Db, entry: AuditEntryInput): Promise<void> {
  await writeAudit(db, { providerId: entry.operator.providerId, operatorId: entry.operator.id, ...entry });
}

/** recordAudit without a known operator: a failed console sign-in whose email matched nobody. */
export async function writeAudit(
  db: Db,
  entry: { providerId: bigint; operatorId: bigint | null; ip: string; action: string; targetType: string; targetId: string; before: unknown; after: unknown },
): Promise<void> {
  // A malformed action is a bug in the caller; refuse it here with a clear message rather than as a CHECK violation.
  if (!ACTION.test(entry.action)) throw new Error(`recordAudit: the action "${entry.action}" is not dotted lower case like member.block`);
  await db
    .insertInto('audit_log')
    .values({
      provider_id: entry.providerId,
      operator_id: entry.operatorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: auditJson(entry.before),
      after: auditJson(entry.after),
      ip: entry.ip,
    })
    .execute();
}

/** JSON text for a jsonb column; bigints as decimal strings (JSON has no bigint), undefined and null as SQL NULL. */
export function auditJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));
}
