// The platform's side of the bank's payouts (test-bank/ POST /payouts): money out of the house's account
// to an IBAN, server to server and signed. The bank answers at once whether the receiving bank credited it
// or refused it; the reference is the platform's key (a checkout's id), so asking again after a lost answer
// gets the same payout, never a second one. An unreachable bank or an answer we cannot read is `unreachable`:
// nothing is known to have happened, and the caller tries again later with the same reference.

import { signWebhook } from '../compliance/live-adapter.ts';
import { BANK_SIGNATURE_HEADER, type BankConnection } from './bank-client.ts';

export interface NewBankPayout {
  amountMinor: bigint;
  currency: string;
  /** Normalised: upper case, no spaces. */
  iban: string;
  accountHolder: string;
  reference: string;
  description: string;
}

export type BankPayoutResult =
  | { outcome: 'credited'; payoutId: string }
  | { outcome: 'refused'; payoutId: string; reason: string }
  | { outcome: 'unreachable' };

const PAYOUT_ID = /^bpo_[A-Za-z0-9]{8,64}$/;

export async function sendBankPayout(bank: BankConnection, payout: NewBankPayout): Promise<BankPayoutResult> {
  const body = JSON.stringify({
    amount: payout.amountMinor.toString(),
    currency: payout.currency,
    iban: payout.iban,
    account_holder: payout.accountHolder,
    reference: payout.reference,
    description: payout.description,
  });
  const now = bank.now ?? (() => Math.floor(Date.now() / 1000));
  let answer: unknown;
  try {
    const response = await fetch(`${bank.url}/payouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BANK_SIGNATURE_HEADER]: signWebhook(bank.secret, now(), body) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status !== 201 && response.status !== 200) {
      await response.body?.cancel();
      return { outcome: 'unreachable' };
    }
    answer = await response.json();
  } catch {
    return { outcome: 'unreachable' };
  }
  const { id, status, reason, reference } = (answer ?? {}) as Record<string, unknown>;
  if (typeof id !== 'string' || !PAYOUT_ID.test(id) || reference !== payout.reference) return { outcome: 'unreachable' };
  if (status === 'credited') return { outcome: 'credited', payoutId: id };
  if (status === 'refused') return { outcome: 'refused', payoutId: id, reason: typeof reason === 'string' && reason !== '' ? reason.slice(0, 200) : 'The receiving bank refused the transfer.' };
  return { outcome: 'unreachable' };
}
