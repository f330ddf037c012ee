// Reading the audit log for the console's viewer and its CSV export: always the operator's own
// provider, newest first, with the filters of core/contract/admin-audit.ts.

import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AuditEntry, AuditFilters, AuditList, AuditQuery } from '#core/contract/admin-audit.ts';
import type { Database } from '../db/schema.ts';
import { csvCell } from '../money/statement-csv.ts';

/** The export's cap: a year of a busy provider's log fits; beyond it the operator narrows the dates. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;
const DAY_MS = 86_400_000;

function selection(db: Kysely<Database>, providerId: bigint, filters: AuditFilters) {
  let query = db.selectFrom('audit_log').leftJoin('operators', 'operators.id', 'audit_log.operator_id').where('audit_log.provider_id', '=', providerId);
  if (filters.operator) query = query.where('operators.email', '=', filters.operator);
  if (filters.action) query = query.where('audit_log.action', 'like', `${filters.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (filters.target_type) query = query.where('audit_log.target_type', '=', filters.target_type);
  if (filters.target_id) query = query.where('audit_log.target_id', '=', filters.target_id);
  if (filters.from) query = query.where('audit_log.created_at', '>=', new Date(`${filters.from}T00:00:00.000Z`));
  if (filters.to) query = query.where('audit_log.created_at', '<', new Date(Date.parse(`${filters.to}T00:00:00.000Z`) + DAY_MS));
  return query;
}

type Selection = ReturnType<typeof selection>;

function rows(query: Selection) {
  return query
    .select([
      'audit_log.id',
      'audit_log.created_at',
      'audit_log.action',
      'audit_log.target_type',
      'audit_log.target_id',
      'audit_log.before',
      'audit_log.after',
      'audit_log.ip',
      'operators.email',
      'operators.name',
      'operators.role',
    ])
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc');
}

type Row = Awaited<ReturnType<ReturnType<typeof rows>['execute']>>[number];

function entryOf(row: Row): AuditEntry {
  return {
    id: row.id.toString(),
    at: row.created_at.toISOString(),
    operator: row.email !== null && row.name !== null && row.role !== null ? { email: row.email, name: row.name, role: row.role } : null,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
  };
}

export async function listAuditEntries(db: Kysely<Database>, providerId: bigint, query: AuditQuery): Promise<AuditList> {
  const base = selection(db, providerId, query);
  const counted = await (base as unknown as SelectQueryBuilder<Database, 'audit_log', object>)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  const found = await rows(base).limit(query.per_page).offset((query.page - 1) * query.per_page).execute();
  return { entries: found.map(entryOf), page: query.page, per_page: query.per_page, total: Number((counted as { total: string | number | bigint }).total) };
}

const CSV_HEADER = ['id', 'at', 'operator_email', 'operator_role', 'action', 'target_type', 'target_id', 'before', 'after', 'ip'];

export async function exportAuditCsv(db: Kysely<Database>, providerId: bigint, filters: AuditFilters): Promise<string> {
  const found = await rows(selection(db, providerId, filters)).limit(AUDIT_EXPORT_MAX_ROWS).execute();
  const lines = [CSV_HEADER.join(',')];
  for (const row of found) {
    const entry = entryOf(row);
    const cells = [
      entry.id,
      entry.at,
      entry.operator?.email ?? '',
      entry.operator?.role ?? '',
      entry.action,
      entry.target_type,
      entry.target_id,
      entry.before === null ? '' : JSON.stringify(entry.before),
      entry.after === null ? '' : JSON.stringify(entry.after),
      entry.ip,
    ];
    lines.push(cells.map(csvCell).join(','));
  }
  return `${lines.join('\n')}\n`;
}
