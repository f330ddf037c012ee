// The bank's ledger of payments (in memory: a test bank forgets everything when it stops) and the
// delivery of each result to the platform: a signed POST to the payment's callback_url, retried with
// backoff until the platform answers 2xx. Retries of one result carry the same callback id and are
// signed afresh, so the platform can tell a replay from a new result.

import { randomBytes } from 'node:crypto';
import { sign, SIGNATURE_HEADER } from './signature.ts';

export type Decision = 'approved' | 'refused' | 'failed';

export interface BankPayment {
  id: string;
  amount: string;
  currency: string;
  reference: string;
  payee: string;
  description: string;
  returnUrl: string;
  callbackUrl: string;
  status: 'pending' | Decision;
  /** Every delivery attempt of the callback: when, and the platform's HTTP status (0 = unreachable). */
  deliveries: { at: string; status: number }[];
}

export interface PaymentsOptions {
  secret: string;
  /** Waits before each retry after the first attempt (default 1 s, 5 s, 25 s). */
  retryDelaysMs?: readonly number[];
  now?: () => number;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export class Payments {
  private readonly byId = new Map<string, BankPayment>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly retryDelaysMs: readonly number[];
  private readonly now: () => number;

  constructor(private readonly options: PaymentsOptions) {
    this.retryDelaysMs = options.retryDelaysMs ?? [1_000, 5_000, 25_000];
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
  }

  create(fields: Omit<BankPayment, 'id' | 'status' | 'deliveries'>): BankPayment {
    const payment: BankPayment = { ...fields, id: newId('bp'), status: 'pending', deliveries: [] };
    this.byId.set(payment.id, payment);
    return payment;
  }

  find(id: string): BankPayment | undefined {
    return this.byId.get(id);
  }

  /**
   * Records the buyer's choice and delivers it: the first attempt is awaited (so the platform usually has
   * the result before the browser comes back), later ones run in the background. False if already decided.
   */
  async decide(payment: BankPayment, decision: Decision): Promise<boolean> {
    if (payment.status !== 'pending') return false;
    payment.status = decision;
    const body = JSON.stringify({ id: newId('cb'), payment_id: payment.id, reference: payment.reference, status: decision, amount: payment.amount, currency: payment.currency });
    await this.deliver(payment, body, 0);
    return true;
  }

  private async deliver(payment: BankPayment, body: string, attempt: number): Promise<void> {
    let status = 0;
    try {
      const response = await fetch(payment.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(this.options.secret, this.now(), body) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.body?.cancel();
    } catch {
      status = 0;
    }
    payment.deliveries.push({ at: new Date().toISOString(), status });
    if (status >= 200 && status < 300) return;
    const wait = this.retryDelaysMs[attempt];
    if (wait === undefined) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.deliver(payment, body, attempt + 1);
    }, wait);
    this.timers.add(timer);
  }

  /** Stops the pending retries (the bank is closing). */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
