// The members screens' reads: search and one member in full, always within the operator's provider.
// What a role sees is decided here (core/contract/admin-members.ts says why): identity data (date of
// birth, address) only for MEMBER_IDENTITY_ROLES.

import { sql, type Kysely } from 'kysely';
import { isAsset } from '#core/assets.ts';
import { MEMBER_IDENTITY_ROLES, type MemberDetail, type MemberList, type MemberRow, type MemberSearchQuery } from '#core/contract/admin-members.ts';
import { formatMinor } from '#core/money.ts';
import type { OperatorRole } from '#core/operators/roles.ts';
import { accountNumber } from '#core/rules/account-number.ts';
import type { Database, User } from '../db/schema.ts';
import { accountsOfOwner, balanceOf } from '../ledger/index.ts';
import { levelOf } from '#core/compliance/levels.ts';
import { memberRequirements } from '../limits/member-requirements.ts';
import { providerLevels } from '../limits/provider-levels.ts';

const RECENT = 10;

type Row = Pick<User, 'id' | 'client_id' | 'email' | 'first_name' | 'last_name' | 'mobile' | 'role' | 'compliance_status' | 'blocked_at' | 'created_at'>;

function rowOf(user: Row, prefix: string): MemberRow {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return {
    id: user.id.toString(),
    account_number: accountNumber(prefix, user.client_id) ?? '',
    email: user.email,
    name,
    mobile: user.mobile,
    role: user.role,
    compliance_status: user.compliance_status,
    blocked: user.blocked_at !== null,
    created_at: user.created_at.toISOString(),
  };
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function searchMembers(db: Kysely<Database>, providerId: bigint, accountPrefix: string, query: MemberSearchQuery): Promise<MemberList> {
  let base = db.selectFrom('users').where('provider_id', '=', providerId);
  const q = query.q.trim();
  if (q !== '') {
    const contains = `%${likeText(q.toLowerCase())}%`;
    // An account number is the provider's prefix and the client id ("VX100231"), or the id alone.
    const upper = q.toUpperCase().replace(/\s+/g, '');
    const clientDigits = accountPrefix !== '' && upper.startsWith(accountPrefix) ? upper.slice(accountPrefix.length) : upper;
    const clientId = /^[0-9]{1,18}$/.test(clientDigits) ? BigInt(clientDigits) : null;
    const phoneDigits = q.replace(/[^0-9]/g, '');
    base = base.where((eb) =>
      eb.or([
        eb('email', 'like', contains),
        eb(sql<string>`lower(first_name || ' ' || last_name)`, 'like', contains),
        ...(clientId !== null ? [eb('client_id', '=', clientId)] : []),
        ...(phoneDigits.length >= 4 ? [eb(sql<string>`regexp_replace(coalesce(mobile, ''), '[^0-9]', '', 'g')`, 'like', `%${phoneDigits}%`)] : []),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'client_id', 'email', 'first_name', 'last_name', 'mobile', 'role', 'compliance_status', 'blocked_at', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number | bigint>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { members: rows.map((row) => rowOf(row, accountPrefix)), page: query.page, per_page: query.per_page, total: Number(count.total) };
}

function amountText(minor: bigint, currency: string): string {
  return isAsset(currency) ? formatMinor(minor, currency) : minor.toString();
}

/** Null when the provider has no member with this id. */
export async function memberDetail(db: Kysely<Database>, providerId: bigint, accountPrefix: string, memberId: bigint, role: OperatorRole): Promise<MemberDetail | null> {
  const user = await db.selectFrom('users').selectAll().where('provider_id', '=', providerId).where('id', '=', memberId).executeTakeFirst();
  if (!user) return null;
  const [accounts, transactions, sessions, facts, ladder] = await Promise.all([
    accountsOfOwner(db, providerId, { type: 'user', userId: user.id }),
    db
      .selectFrom('money_transactions')
      .select(['public_id', 'type', 'status', 'currency_iso', 'amount_minor', 'created_at'])
      .where('provider_id', '=', providerId)
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RECENT)
      .execute(),
    db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ended_at', 'end_reason'])
      .where('user_id', '=', user.id)
      .where('provider_id', '=', providerId)
      .orderBy(sql`ended_at IS NULL`, 'desc')
      .orderBy('created_at', 'desc')
      .limit(RECENT)
      .execute(),
    memberRequirements(db, user.id),
    providerLevels(db, providerId),
  ]);
  const billing = user.billing;
  const address = [billing.address1, billing.address2, [billing.zipCode, billing.city].filter(Boolean).join(' '), billing.state, billing.country].filter((part) => part !== undefined && part !== '').join(', ');
  const now = Date.now();
  return {
    member: {
      ...rowOf(user, accountPrefix),
      first_name: user.first_name,
      last_name: user.last_name,
      language: user.language,
      currency: user.currency,
      email_verified: user.email_verified,
      mobile_verified: user.mobile_verified,
      blocked_at: user.blocked_at?.toISOString() ?? null,
      last_login_at: user.last_login_at?.toISOString() ?? null,
      country: billing.country ?? '',
      level: levelOf(facts, ladder.levels)?.id ?? null,
    },
    identity: (MEMBER_IDENTITY_ROLES as readonly OperatorRole[]).includes(role) ? { date_of_birth: user.date_of_birth, address } : null,
    wallets: accounts
      .filter((account) => account.kind === 'wallet')
      .map((account) => {
        const { balance, available } = balanceOf(account);
        return { currency: account.asset, balance: amountText(balance, account.asset), available: amountText(available, account.asset) };
      }),
    transactions: transactions.map((row) => ({ id: row.public_id, type: row.type, status: row.status, currency: row.currency_iso, amount: amountText(row.amount_minor, row.currency_iso), created_at: row.created_at.toISOString() })),
    sessions: sessions.map((row) => ({
      id: row.id.toString(),
      created_at: row.created_at.toISOString(),
      last_seen_at: row.last_seen_at.toISOString(),
      ended_at: row.ended_at?.toISOString() ?? null,
      end_reason: row.end_reason,
      live: row.ended_at === null && row.expires_at.getTime() > now,
    })),
  };
}
