import { describe, expect, it } from 'vitest';
import { requestedMinor, walletMovement, type MovementRecord, type MovementSide } from './wallet-movement.ts';

const record = (fields: Partial<MovementRecord>): MovementRecord => ({
  id: 't1',
  type: 'deposit',
  status: 'completed',
  payment_status: null,
  currency_iso: 'EUR',
  amount: '10.00',
  currency_2_iso: null,
  amount_2: null,
  fee: '0.00',
  fee_currency: 'EUR',
  ...fields,
});

const buy = record({ type: 'conversion', currency_iso: 'EUR', amount: '197.00', fee: '3.00', fee_currency: 'EUR', currency_2_iso: 'BTC', amount_2: '0.00339628' });

describe('what a transaction moved in the member wallet (as the ledger moved it)', () => {
  const table: [string, MovementRecord, MovementSide, ReturnType<typeof walletMovement>][] = [
    ['a conversion debits the amount converted plus the fee: 197.00 + 3.00 left the EUR wallet', buy, 'debit', { asset: 'EUR', direction: 'out', minor: 20_000n, feeMinor: 300n, state: 'done' }],
    ['a conversion credits what the quote promised, no fee', buy, 'credit', { asset: 'BTC', direction: 'in', minor: 339_628n, feeMinor: 0n, state: 'done' }],
    [
      'a fee in the target currency is not taken from the source wallet',
      { ...buy, fee: '0.00001000', fee_currency: 'BTC' },
      'debit',
      { asset: 'EUR', direction: 'out', minor: 19_700n, feeMinor: 0n, state: 'done' },
    ],
    [
      'a crypto withdrawal takes what is sent plus the network fee',
      record({ type: 'withdrawal', currency_iso: 'ETH', amount: '0.01000000', fee: '0.00100000', fee_currency: 'ETH' }),
      null,
      { asset: 'ETH', direction: 'out', minor: 1_100_000n, feeMinor: 100_000n, state: 'done' },
    ],
    [
      'a withdrawal waiting for its code has moved nothing yet',
      record({ type: 'withdrawal', status: 'initial', amount: '60.00', fee: '1.00' }),
      null,
      { asset: 'EUR', direction: 'out', minor: 6_100n, feeMinor: 100n, state: 'pending' },
    ],
    [
      'a card deposit credits its amount; the card fee was charged on top, never in the wallet',
      record({ type: 'deposit', payment_status: 'successful', amount: '487.50', fee: '12.50' }),
      null,
      { asset: 'EUR', direction: 'in', minor: 48_750n, feeMinor: 0n, state: 'done' },
    ],
    [
      'a declined card deposit credited nothing',
      record({ type: 'deposit', status: 'failed', payment_status: 'failed', amount: '487.50', fee: '12.50' }),
      null,
      { asset: 'EUR', direction: 'in', minor: 48_750n, feeMinor: 0n, state: 'none' },
    ],
    [
      'an initial deposit whose payment failed (spec §4 label failed) credited nothing',
      record({ type: 'deposit', status: 'initial', payment_status: 'failed' }),
      null,
      { asset: 'EUR', direction: 'in', minor: 1_000n, feeMinor: 0n, state: 'none' },
    ],
    [
      'a canceled withdrawal moved nothing',
      record({ type: 'withdrawal', status: 'canceled', amount: '60.00', fee: '1.00' }),
      null,
      { asset: 'EUR', direction: 'out', minor: 6_100n, feeMinor: 100n, state: 'none' },
    ],
    [
      'a pre-authorized card deposit is on its way',
      record({ type: 'deposit', status: 'initial', payment_status: 'authorized' }),
      null,
      { asset: 'EUR', direction: 'in', minor: 1_000n, feeMinor: 0n, state: 'pending' },
    ],
    [
      "a merchant's payment credits what is left after the merchant fee",
      record({ type: 'payment', currency_iso: 'BTC', amount: '0.00099000', fee: '0.00001000', fee_currency: 'BTC' }),
      null,
      { asset: 'BTC', direction: 'in', minor: 99_000n, feeMinor: 0n, state: 'done' },
    ],
    ['a credit row without a target currency cannot be read', { ...buy, currency_2_iso: null }, 'credit', null],
    ['an amount with too many decimals for its asset cannot be read', record({ amount: '10.001' }), null, null],
  ];
  it.each(table)('%s', (_name, input, side, expected) => {
    expect(walletMovement(input, side)).toEqual(expected);
  });
});

describe('what the member asked to move, shown when nothing moved', () => {
  it.each<[string, MovementRecord, MovementSide, bigint]>([
    ['a declined card deposit: the charge the member typed, €500.00, not the €487.50 it would have credited', record({ type: 'deposit', status: 'failed', payment_status: 'failed', amount: '487.50', fee: '12.50' }), null, 50_000n],
    ['a cancelled withdrawal: the amount and its fee, as it would have left', record({ type: 'withdrawal', status: 'canceled', amount: '60.00', fee: '1.00' }), null, 6_100n],
    ['a conversion credit: what the quote promised', buy, 'credit', 339_628n],
    ['a deposit whose fee is in another currency: its amount', record({ type: 'deposit', status: 'failed', payment_status: 'failed', amount: '10.00', fee: '0.00010000', fee_currency: 'BTC' }), null, 1_000n],
  ])('%s', (_name, given, side, expected) => {
    expect(requestedMinor(given, side)).toBe(expected);
  });
});
