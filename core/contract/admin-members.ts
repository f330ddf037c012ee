// The console's members screens: search members of the operator's provider (email, name, account
// number, phone; paged by the server), one member in full (profile, identity check state, wallets from
// the ledger, recent transactions, sessions), block and unblock (a blocked member's sessions end and
// sign-in answers account_blocked), and force sign-out (every live session ends). Each action is written
// to the audit log in the transaction of the change.
//
// Least privilege:
//   support     finds members, sees profile, balances, transactions and sessions (what a support ticket
//               needs), blocks, unblocks and signs out; never the date of birth or the postal address
//   compliance  the same reads plus the identity data (date of birth, address) an identity decision needs;
//               blocks and unblocks (AML); not force sign-out (blocking already ends every session)
//   admin       everything
//   finance     nothing here: money screens show what a movement needs about its member

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { IsoTime, pageQuery, REQUIRED_FIELD } from './fields.ts';
import { object } from './schema-kit.ts';
import { formObject } from './users.ts';

export const MEMBER_READ_ROLES = ['support', 'compliance', 'admin'] as const;
export const MEMBER_BLOCK_ROLES = ['support', 'compliance', 'admin'] as const;
export const MEMBER_SIGN_OUT_ROLES = ['support', 'admin'] as const;
/** The roles that see a member's date of birth and postal address. */
export const MEMBER_IDENTITY_ROLES = ['compliance', 'admin'] as const;

export const MemberSearchQuerySchema = object({
  /** Part of an email or name, an account number (prefix and client id, or the id alone), or phone digits. Empty lists everyone, newest first. */
  q: v.optional(v.pipe(v.string('Send the search as text.'), v.trim(), v.maxLength(100, 'Use at most 100 characters.')), ''),
  ...pageQuery,
});
export type MemberSearchQuery = v.InferOutput<typeof MemberSearchQuerySchema>;

const MemberIdSchema = v.pipe(v.string(REQUIRED_FIELD), v.regex(/^[1-9][0-9]{0,17}$/, 'Send the member\'s id, a whole number like 1031.'));
export const MemberParamsSchema = object({ id: MemberIdSchema });

const COMPLIANCE = ['pending', 'review', 'successful', 'failed', 'unknown'] as const;

export const MemberRowSchema = v.object({
  id: v.string(),
  account_number: v.string(),
  email: v.string(),
  name: v.string(),
  mobile: v.nullable(v.string()),
  role: v.picklist(['member', 'merchant']),
  compliance_status: v.picklist(COMPLIANCE),
  blocked: v.boolean(),
  created_at: IsoTime,
});
export type MemberRow = v.InferOutput<typeof MemberRowSchema>;

export const MemberListSchema = v.object({ members: v.array(MemberRowSchema), page: v.number(), per_page: v.number(), total: v.number() });
export type MemberList = v.InferOutput<typeof MemberListSchema>;

export const MemberDetailSchema = v.object({
  member: v.object({
    ...MemberRowSchema.entries,
    first_name: v.string(),
    last_name: v.string(),
    language: v.nullable(v.string()),
    currency: v.string(),
    email_verified: v.boolean(),
    mobile_verified: v.boolean(),
    blocked_at: v.nullable(IsoTime),
    last_login_at: v.nullable(IsoTime),
    country: v.string(),
    /** The verification level the limits hold the member to (the provider's ladder); null below the first. */
    level: v.nullable(v.string()),
  }),
  /** Null for a role that may not see it (support). */
  identity: v.nullable(v.object({ date_of_birth: v.string(), address: v.string() })),
  /** From the ledger, in each wallet's currency. */
  wallets: v.array(v.object({ currency: v.string(), balance: v.string(), available: v.string() })),
  /** The 10 newest. */
  transactions: v.array(v.object({ id: v.string(), type: v.string(), status: v.string(), currency: v.string(), amount: v.string(), created_at: IsoTime })),
  /** The 10 newest sessions, live ones first. */
  sessions: v.array(v.object({ id: v.string(), created_at: IsoTime, last_seen_at: IsoTime, ended_at: v.nullable(IsoTime), end_reason: v.nullable(v.string()), live: v.boolean() })),
});
export type MemberDetail = v.InferOutput<typeof MemberDetailSchema>;

export const BlockMemberBodySchema = formObject({
  reason: v.pipe(v.string(REQUIRED_FIELD), v.trim(), v.nonEmpty(REQUIRED_FIELD), v.minLength(3, 'Say why in at least 3 characters.'), v.maxLength(500, 'Use at most 500 characters.')),
});
export type BlockMemberBody = v.InferOutput<typeof BlockMemberBodySchema>;

export const MemberActionSchema = v.object({
  member_id: v.string(),
  blocked: v.boolean(),
  /** Sessions this action ended (0 when there were none, or for unblock). */
  sessions_ended: v.number(),
});
export type MemberAction = v.InferOutput<typeof MemberActionSchema>;

const EXAMPLE_ROW: MemberRow = {
  id: '1031',
  account_number: 'VX100231',
  email: 'clara.ruiz@example.com',
  name: 'Clara Ruiz',
  mobile: '+34600123456',
  role: 'member',
  compliance_status: 'successful',
  blocked: false,
  created_at: '2026-09-02T08:12:00.000Z',
};

const MEMBER_ERRORS = ['operator_session_required', 'operator_forbidden', 'member_not_found'] as const;

export const searchMembers = endpoint({
  id: 'adminMembers.search',
  method: 'GET',
  base: 'main',
  path: 'admin/members',
  caller: 'operator',
  roles: MEMBER_READ_ROLES,
  query: MemberSearchQuerySchema,
  answer: MemberListSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Searches the provider\'s members by email, name, account number or phone, newest first.',
    errors: ['operator_session_required', 'operator_forbidden'],
    example: { query: { q: 'clara', page: '1', per_page: '20' }, answer: { members: [EXAMPLE_ROW], page: 1, per_page: 20, total: 1 } },
  },
});

export const getMember = endpoint({
  id: 'adminMembers.get',
  method: 'GET',
  base: 'main',
  path: 'admin/members/{id}',
  caller: 'operator',
  roles: MEMBER_READ_ROLES,
  params: MemberParamsSchema,
  answer: MemberDetailSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'One member in full: profile, identity check, wallets with ledger balances, recent transactions and sessions.',
    description: 'The date of birth and address (`identity`) are answered to compliance and admin only; support gets null.',
    errors: MEMBER_ERRORS,
    example: {
      params: { id: '1031' },
      answer: {
        member: { ...EXAMPLE_ROW, first_name: 'Clara', last_name: 'Ruiz', language: 'es', currency: 'EUR', email_verified: true, mobile_verified: true, blocked_at: null, last_login_at: '2026-11-23T18:40:00.000Z', country: 'ES', level: 'verified' },
        identity: { date_of_birth: '1991-03-14', address: 'Calle Mayor 5, 28013 Madrid, ES' },
        wallets: [{ currency: 'EUR', balance: '120.50', available: '120.50' }, { currency: 'BTC', balance: '0.00120000', available: '0.00120000' }],
        transactions: [{ id: 'tx_7Hq2k9Lm', type: 'deposit', status: 'completed', currency: 'EUR', amount: '100.00', created_at: '2026-11-20T09:00:00.000Z' }],
        sessions: [{ id: '88', created_at: '2026-11-23T18:40:00.000Z', last_seen_at: '2026-11-23T18:52:00.000Z', ended_at: null, end_reason: null, live: true }],
      },
    },
  },
});

export const blockMember = endpoint({
  id: 'adminMembers.block',
  method: 'POST',
  base: 'main',
  path: 'admin/members/{id}/block',
  caller: 'operator',
  roles: MEMBER_BLOCK_ROLES,
  params: MemberParamsSchema,
  body: BlockMemberBodySchema,
  answer: MemberActionSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Blocks a member: every session ends at once and sign-in answers account_blocked until unblocked.',
    description: 'The reason is kept in the audit log. Blocking a blocked member changes nothing and records nothing.',
    errors: MEMBER_ERRORS,
    example: { params: { id: '1031' }, body: { reason: 'Card fraud reported by the member; account frozen on their request.' }, answer: { member_id: '1031', blocked: true, sessions_ended: 1 } },
  },
});

export const unblockMember = endpoint({
  id: 'adminMembers.unblock',
  method: 'POST',
  base: 'main',
  path: 'admin/members/{id}/unblock',
  caller: 'operator',
  roles: MEMBER_BLOCK_ROLES,
  params: MemberParamsSchema,
  body: BlockMemberBodySchema,
  answer: MemberActionSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Unblocks a member: sign-in works again.',
    errors: MEMBER_ERRORS,
    example: { params: { id: '1031' }, body: { reason: 'Member confirmed their identity by phone.' }, answer: { member_id: '1031', blocked: false, sessions_ended: 0 } },
  },
});

export const signOutMember = endpoint({
  id: 'adminMembers.signOut',
  method: 'POST',
  base: 'main',
  path: 'admin/members/{id}/sign-out',
  caller: 'operator',
  roles: MEMBER_SIGN_OUT_ROLES,
  params: MemberParamsSchema,
  answer: MemberActionSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Ends every live session of a member (a lost phone, a shared computer); they can sign in again.',
    errors: MEMBER_ERRORS,
    example: { params: { id: '1031' }, answer: { member_id: '1031', blocked: false, sessions_ended: 2 } },
  },
});

export const ADMIN_MEMBERS_ENDPOINTS = [searchMembers, getMember, blockMember, unblockMember, signOutMember] as const;
