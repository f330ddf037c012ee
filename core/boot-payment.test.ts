import { describe, expect, it } from 'vitest';
import { bootPaymentFor, type BootPayment } from './boot-payment.ts';
import { getMerchant } from './contract/merchant-info.ts';
import { EXAMPLE_PRICED, EXAMPLE_STATUS, EXAMPLE_TOKEN } from './contract/merchant-payments-examples.ts';

const merchant = getMerchant.docs.example.answer as BootPayment['merchant'];
const payment: BootPayment = { merchant, details: EXAMPLE_PRICED, status: EXAMPLE_STATUS };
const ids = { merchantId: merchant.merchant_id, transactionId: EXAMPLE_TOKEN };

describe('bootPaymentFor: the shell\'s payment is shown only for the payment the address names', () => {
  it.each([
    { why: 'the payment the ids name', raw: payment, ids, shown: true },
    { why: "another merchant's ids", raw: payment, ids: { ...ids, merchantId: 'mch_other' }, shown: false },
    { why: 'another payment of the merchant', raw: payment, ids: { ...ids, transactionId: `pay_${'B'.repeat(22)}` }, shown: false },
    { why: 'details of another payment than the status', raw: { ...payment, details: { ...EXAMPLE_PRICED, transaction_token: `pay_${'B'.repeat(22)}` } }, ids, shown: false },
    { why: 'a status the contract does not know', raw: { ...payment, status: { ...EXAMPLE_STATUS, status: 'lost' } }, ids, shown: false },
    { why: 'a block without the merchant', raw: { details: EXAMPLE_PRICED, status: EXAMPLE_STATUS }, ids, shown: false },
    { why: 'no block at all', raw: undefined, ids, shown: false },
  ])('$why: shown $shown', ({ raw, ids, shown }) => {
    expect(bootPaymentFor(raw, ids)).toEqual(shown ? payment : null);
  });
});
