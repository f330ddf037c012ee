// The console's audit log viewer: every operator action (and sign-in, sign-out, failed sign-in) of the
// operator's own provider, newest first, filtered and paged by the server, and the same selection as CSV.
// Admin only: the log is the oversight of the operators themselves, and its before/after states hold
// data of every area (identity decisions, money, merchants); compliance, finance and support see the
// history of their own area in that area's screens, not the whole log.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { IsoTime, pageQuery } from './fields.ts';
import { object } from './schema-kit.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (what: string) =>
  v.optional(
    v.pipe(
      v.string(`Send the ${what} date as YYYY-MM-DD.`),
      v.regex(DAY, `Send the ${what} date as YYYY-MM-DD.`),
      v.check((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), `Send the ${what} date as a real date, YYYY-MM-DD.`),
    ),
  );
const filterText = (max: number, message: string) => v.optional(v.pipe(v.string(message), v.trim(), v.maxLength(max, `Use at most ${max} characters.`)));

const filters = {
  /** The operator's email, exactly (case does not matter). */
  operator: v.optional(v.pipe(v.string('Send the operator\'s email.'), v.trim(), v.toLowerCase(), v.maxLength(254, 'Use at most 254 characters.'))),
  /** An action, or the start of one: "member" finds member.block and member.unblock. */
  action: v.optional(v.pipe(v.string('Send an action, like member.block.'), v.trim(), v.toLowerCase(), v.regex(/^[a-z0-9_.]{0,60}$/, 'Use lower-case letters, digits, "_" and "." only, like member.block.'))),
  target_type: filterText(60, 'Send a target type, like member.'),
  target_id: filterText(200, 'Send a target id.'),
  /** Days in UTC, both included. */
  from: day('first'),
  to: day('last'),
};

export const AuditQuerySchema = object({ ...filters, ...pageQuery });
export type AuditQuery = v.InferOutput<typeof AuditQuerySchema>;
export const AuditExportQuerySchema = object(filters);
export type AuditFilters = v.InferOutput<typeof AuditExportQuerySchema>;

export const AuditEntrySchema = v.object({
  id: v.string(),
  at: IsoTime,
  /** Null for a failed sign-in whose email matched no operator. */
  operator: v.nullable(v.object({ email: v.string(), name: v.string(), role: v.string() })),
  action: v.string(),
  target_type: v.string(),
  target_id: v.string(),
  /** The target's state before and after, as the action recorded it (null where there is none). */
  before: v.unknown(),
  after: v.unknown(),
  ip: v.string(),
});
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>;

export const AuditListSchema = v.object({ entries: v.array(AuditEntrySchema), page: v.number(), per_page: v.number(), total: v.number() });
export type AuditList = v.InferOutput<typeof AuditListSchema>;

const EXAMPLE_ENTRY: AuditEntry = {
  id: '4182',
  at: '2026-11-24T10:02:11.000Z',
  operator: { email: 'sam.okafor@harborcoin.example', name: 'Sam Okafor', role: 'support' },
  action: 'member.block',
  target_type: 'member',
  target_id: '1031',
  before: { blocked: false },
  after: { blocked: true },
  ip: '203.0.113.24',
};

export const listAudit = endpoint({
  id: 'adminAudit.list',
  method: 'GET',
  base: 'main',
  path: 'admin/audit',
  caller: 'operator',
  roles: ['admin'],
  query: AuditQuerySchema,
  answer: AuditListSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Lists the audit log of the operator\'s provider, newest first, filtered by operator, action, target and dates.',
    errors: ['operator_session_required', 'operator_forbidden'],
    example: { query: { action: 'member', from: '2026-11-01', page: '1', per_page: '20' }, answer: { entries: [EXAMPLE_ENTRY], page: 1, per_page: 20, total: 1 } },
  },
});

export const exportAudit = endpoint({
  id: 'adminAudit.export',
  method: 'GET',
  base: 'main',
  path: 'admin/audit/export',
  caller: 'operator',
  roles: ['admin'],
  query: AuditExportQuerySchema,
  answer: v.string(),
  format: 'csv',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Downloads the filtered audit log as CSV (at most 50,000 rows, newest first).',
    errors: ['operator_session_required', 'operator_forbidden'],
    example: {
      query: { action: 'member' },
      answer: 'id,at,operator_email,operator_role,action,target_type,target_id,before,after,ip\n4182,2026-11-24T10:02:11.000Z,sam.okafor@harborcoin.example,support,member.block,member,1031,"{""blocked"":false}","{""blocked"":true}",203.0.113.24\n',
    },
  },
});

export const ADMIN_AUDIT_ENDPOINTS = [listAudit, exportAudit] as const;
