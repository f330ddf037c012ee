// The shop's receipt check against receipts signed the way the platform documents it (a real
// standardwebhooks signer and the published payload): what verifies and what is refused.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { receiptPayload, verifyReceipt, type Receipt } from './receipt.ts';

const SECRET = `whsec_${Buffer.from('the demo shop signing secret!!').toString('base64')}`;
const OTHER = `whsec_${Buffer.from('somebody else entirely, really').toString('base64')}`;
const ORDER = { transaction_token: 'pay_AAAAAAAAAAAAAAAAAAAAAA', amount: '49.00', currency: 'EUR' };

function signed(fields: Partial<Receipt> = {}, { secret = SECRET, at = new Date() } = {}): Receipt {
  const unsigned = { transaction_id: ORDER.transaction_token, amount: '49.00', currency: 'EUR', status: 'settled' as const, timestamp: Math.floor(at.getTime() / 1000), signature: '', ...fields };
  return { ...unsigned, signature: new Webhook(secret).sign(unsigned.transaction_id, at, receiptPayload(unsigned)) };
}

describe('the signed receipt of payment-success', () => {
  it('the payload is the four fields in the documented key order', () => {
    expect(receiptPayload(signed())).toBe(`{"transaction_id":"${ORDER.transaction_token}","amount":"49.00","currency":"EUR","status":"settled"}`);
  });

  it.each(['settled', 'processing'] as const)('a %s receipt signed with the webhook secret for this order verifies', (status) => {
    const receipt = signed({ status });
    expect(verifyReceipt(receipt, ORDER, SECRET)).toEqual({ ok: true, receipt });
  });

  it.each([
    { case: 'signed with another secret', receipt: () => signed({}, { secret: OTHER }), reason: 'The receipt signature did not verify.' },
    { case: 'its status changed after signing', receipt: () => ({ ...signed({ status: 'processing' }), status: 'settled' as const }), reason: 'The receipt signature did not verify.' },
    { case: 'its timestamp moved after signing', receipt: () => ({ ...signed(), timestamp: Math.floor(Date.now() / 1000) - 5 }), reason: 'The receipt signature did not verify.' },
    { case: 'signed an hour ago (a replay)', receipt: () => signed({}, { at: new Date(Date.now() - 3_600_000) }), reason: 'The receipt signature did not verify.' },
    { case: 'for another payment', receipt: () => signed({ transaction_id: 'pay_BBBBBBBBBBBBBBBBBBBBBB' }), reason: 'This receipt is for another payment.' },
    { case: 'for another amount', receipt: () => signed({ amount: '0.01' }), reason: 'This receipt is for another amount.' },
    { case: 'in another currency', receipt: () => signed({ currency: 'USD' }), reason: 'This receipt is for another amount.' },
    { case: 'not a receipt at all', receipt: () => ({ transaction_id: ORDER.transaction_token }), reason: 'This is not a payment receipt.' },
    { case: 'a status no receipt has', receipt: () => signed({ status: 'new' as never }), reason: 'This is not a payment receipt.' },
  ])('a receipt $case is refused', ({ receipt, reason }) => {
    expect(verifyReceipt(receipt(), ORDER, SECRET)).toEqual({ ok: false, reason });
  });
});
