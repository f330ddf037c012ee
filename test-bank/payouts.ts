// The bank's payouts (in memory, like its payments): the platform sends money out of its account to an
// IBAN, server to server and signed. The bank answers at once whether the receiving bank credited it or
// refused it. A payout's reference is the platform's key: the same reference answers the same payout, so
// a platform that retries after a lost answer never pays twice. One documented account refuses every
// payout (REFUSED_IBAN: "the account is closed"), so the platform's failure path can be tested.

import { randomBytes } from 'node:crypto';

/** A valid IBAN (mod-97 checks) whose account is closed: every payout to it is refused. */
export const REFUSED_IBAN = 'DE68370400440000000000';

export interface BankPayout {
  id: string;
  amount: string;
  currency: string;
  iban: string;
  accountHolder: string;
  reference: string;
  description: string;
  status: 'credited' | 'refused';
  reason: string | null;
  createdAt: string;
}

/** The IBAN's check digits (ISO 13616 mod-97): the bank's own copy, it imports nothing from the platform. */
export function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  let remainder = 0;
  for (const char of iban.slice(4) + iban.slice(0, 4)) {
    const value = /[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** The create request's problems, one per field, like a real bank's 400. */
export function payoutProblems(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['the body must be a JSON object'];
  const b = body as Record<string, unknown>;
  const text = (name: string, pattern: RegExp, what: string) => (typeof b[name] === 'string' && pattern.test(b[name] as string) ? [] : [`${name} must be ${what}`]);
  const problems = [
    ...text('amount', /^[1-9][0-9]{0,17}$/, 'minor units above zero as a string, like "1250"'),
    ...text('currency', /^[A-Z]{3}$/, 'an ISO 4217 code like EUR'),
    ...text('iban', /^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/, 'an IBAN without spaces, like DE89370400440532013000'),
    ...text('account_holder', /^[^\n\r]{1,100}$/, 'the account holder\'s name (1 to 100 characters)'),
    ...text('reference', /^[A-Za-z0-9_-]{1,64}$/, '1 to 64 letters, digits, _ or -'),
    ...text('description', /^[^\n\r]{1,140}$/, 'what the payout is for (1 to 140 characters)'),
  ];
  if (problems.length === 0 && !ibanValid(b.iban as string)) problems.push('iban check digits do not match: the IBAN is mistyped');
  return problems;
}

export class Payouts {
  private readonly byId = new Map<string, BankPayout>();
  private readonly byReference = new Map<string, BankPayout>();

  /** The payout for `fields.reference`: made now, or the one made before (`created` false). */
  send(fields: Omit<BankPayout, 'id' | 'status' | 'reason' | 'createdAt'>): { payout: BankPayout; created: boolean } {
    const earlier = this.byReference.get(fields.reference);
    if (earlier) return { payout: earlier, created: false };
    const refused = fields.iban === REFUSED_IBAN;
    const payout: BankPayout = {
      ...fields,
      id: `bpo_${randomBytes(12).toString('hex')}`,
      status: refused ? 'refused' : 'credited',
      reason: refused ? 'The receiving account is closed.' : null,
      createdAt: new Date().toISOString(),
    };
    this.byId.set(payout.id, payout);
    this.byReference.set(payout.reference, payout);
    return { payout, created: true };
  }

  find(id: string): BankPayout | undefined {
    return this.byId.get(id);
  }
}

export function describePayout(payout: BankPayout) {
  return { id: payout.id, status: payout.status, reason: payout.reason, amount: payout.amount, currency: payout.currency, iban: payout.iban, account_holder: payout.accountHolder, reference: payout.reference };
}
