// The bank methods' calls (core/contract/paynet-bank.ts) through the iframe app's one client. The two
// starts move money: each takes the Idempotency-Key of the page's attempt, so a retry replays the first
// answer and never starts a second payment.
import { onlineBankingPay, onlineBankingStatus, wirePreAuth, wirePreAuthStatus } from '#core/contract/paynet-bank.ts';
import { api } from '../widget/widget-api.ts';

export const requestWire = (idempotencyKey: string) => api().call(wirePreAuth, { body: {} }, { idempotencyKey });

export const loadWireStatus = (id: string) => api().call(wirePreAuthStatus, { params: { id }, body: {} });

export const startBankPayment = (module: 'sys-flow' | 'sys-remitflow', idempotencyKey: string) => api().call(onlineBankingPay, { body: { module } }, { idempotencyKey });

export const loadBankPaymentStatus = (id: string) => api().call(onlineBankingStatus, { params: { id }, body: {} });

/** A fresh key per attempt (a click, or a page's one automatic start). */
export function attemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Wire, SEPA and Swift are paid by a transfer the guest sends; the others by a trip to the bank. */
export const isWireMethod = (method: string) => method === 'Wire' || method === 'SEPA' || method === 'Swift';
export const isOnlineBankingMethod = (method: string) => method === 'Online Banking' || method === 'Online Banking ZA';
