import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BootPayment } from '#core/boot-payment.ts';
import { getMerchant } from '#core/contract/merchant-info.ts';
import { EXAMPLE_PRICED, EXAMPLE_STATUS, EXAMPLE_TOKEN } from '#core/contract/merchant-payments-examples.ts';
import { FIRST_ANSWERS_MAX_AGE_MS, type PaymentAnswers } from './first-answers.ts';

const merchant = getMerchant.docs.example.answer as BootPayment['merchant'];
const shell: BootPayment = { merchant, details: EXAMPLE_PRICED, status: EXAMPLE_STATUS };
const ids = { merchantId: merchant.merchant_id, transactionId: EXAMPLE_TOKEN };
const other = { ...ids, transactionId: `pay_${'B'.repeat(22)}` };
const ok = <T>(data: T) => ({ ok: true as const, status: 200, data });
const answers = (at: number): PaymentAnswers => ({ merchant: ok(merchant), details: ok(EXAMPLE_PRICED), status: ok(EXAMPLE_STATUS), at });
const NOW = 1_800_000_000_000;
/** The shell's block of a page that started loading at NOW. */
const page = (payment: unknown) => ({ payment, at: NOW });
const NONE = page(undefined);

// The kept answers live in the module: each case starts from a freshly loaded one, as a page does.
let first: typeof import('./first-answers.ts');
beforeEach(async () => {
  vi.resetModules();
  first = await import('./first-answers.ts');
});

describe('the first answers a widget page opens with', () => {
  it("the shell's answers for the address's payment are there at once, and taken once", async () => {
    expect(first.peekAnswers(ids, page(shell), NOW)).toMatchObject({ merchant: ok(merchant), details: ok(EXAMPLE_PRICED), status: ok(EXAMPLE_STATUS) });
    expect(await first.takeAnswers(ids, page(shell), NOW)).toMatchObject({ status: ok(EXAMPLE_STATUS) });
    expect(first.takeAnswers(ids, page(shell), NOW)).toBeNull();
  });

  it("the shell's answers of a page that took longer than the limit to start are asked again", () => {
    expect(first.takeAnswers(ids, page(shell), NOW + FIRST_ANSWERS_MAX_AGE_MS + 1)).toBeNull();
  });

  it.each([
    { why: "another payment's ids", look: other, raw: shell },
    { why: 'a malformed block', look: ids, raw: { ...shell, status: { status: 'lost' } } },
    { why: 'no block', look: ids, raw: undefined },
  ])('$why: nothing kept, the page asks the API', ({ look, raw }) => {
    expect(first.peekAnswers(look, page(raw), NOW)).toBeNull();
    expect(first.takeAnswers(look, page(raw), NOW)).toBeNull();
  });

  it.each([
    { age_ms: 0, kept: true },
    { age_ms: FIRST_ANSWERS_MAX_AGE_MS, kept: true },
    { age_ms: FIRST_ANSWERS_MAX_AGE_MS + 1, kept: false },
  ])('answers $age_ms ms old are kept: $kept', ({ age_ms, kept }) => {
    first.keepAnswers(ids, answers(NOW));
    expect(first.takeAnswers(ids, NONE, NOW + age_ms) !== null).toBe(kept);
  });

  it('answers still on their way are taken at once, and a first render sees them only once they are in', async () => {
    let arrive!: (value: PaymentAnswers) => void;
    first.keepAnswers(ids, new Promise<PaymentAnswers>((resolve) => (arrive = resolve)));
    expect(first.peekAnswers(ids, NONE, NOW)).toBeNull();
    arrive(answers(NOW));
    await Promise.resolve();
    await Promise.resolve();
    expect(first.peekAnswers(ids, NONE, NOW)).toMatchObject({ at: NOW });
    const taken = first.takeAnswers(ids, NONE, NOW);
    expect(await taken).toMatchObject({ at: NOW });
  });

  it('answers kept for another payment are never given to this one', () => {
    first.keepAnswers(other, answers(NOW));
    expect(first.takeAnswers(ids, page(shell), NOW)).toBeNull();
  });
});
