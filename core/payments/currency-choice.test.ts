import { describe, expect, it } from 'vitest';
import { currencyChoice, paymentWindow, type ChoiceState } from './currency-choice.ts';

const NOW = new Date('2026-01-01T12:00:00Z');
const LATER = new Date(NOW.getTime() + 60_000);

function state(overrides: Partial<ChoiceState> = {}): ChoiceState {
  return { status: 'new', coin: null, expiresAt: LATER, ...overrides };
}

describe('choosing the coin of a payment', () => {
  it.each([
    { case: 'a new payment without a coin is priced in the chosen one', state: state(), decision: { kind: 'choose' } },
    { case: 'the same coin again answers the payment as it is', state: state({ coin: 'BTC' }), decision: { kind: 'unchanged' } },
    { case: 'the same coin of a payment already paid still answers it', state: state({ coin: 'BTC', status: 'settled' }), decision: { kind: 'unchanged' } },
    { case: 'another coin once one is chosen is refused', state: state({ coin: 'ETH' }), decision: { kind: 'refused', code: 'currency_already_chosen' } },
    { case: 'an expired payment cannot get a coin', state: state({ status: 'expired', expiresAt: NOW }), decision: { kind: 'refused', code: 'payment_not_open' } },
    { case: 'a new payment whose time ran out before the sweeper came cannot get a coin', state: state({ expiresAt: NOW }), decision: { kind: 'refused', code: 'payment_not_open' } },
  ] as const)('$case', ({ state: given, decision }) => {
    expect(currencyChoice(given, 'BTC', NOW)).toEqual(decision);
  });

  it('the choice starts 900 s to pay, and the address is watched for an hour after that', () => {
    const window = paymentWindow(NOW);
    expect(window.expiresAt.getTime() - NOW.getTime()).toBe(900_000);
    expect(window.monitoringUntil.getTime() - window.expiresAt.getTime()).toBe(3_600_000);
  });
});
