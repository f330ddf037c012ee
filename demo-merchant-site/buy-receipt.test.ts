// The shop's check of the buy widget's order receipt, against receipts signed the way the platform
// documents it (a real standardwebhooks signer and the published payload): what verifies and what is refused.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { orderReceiptPayload as platformPayload } from '../core/protocol.ts';
import { orderReceiptPayload, verifyOrderReceipt, type OrderReceipt } from './buy-receipt.ts';

const SECRET = `whsec_${Buffer.from('the demo shop signing secret!!').toString('base64')}`;
const OTHER = `whsec_${Buffer.from('somebody else entirely, really').toString('base64')}`;
const ORDER = 'chk_Qm4Tz8Wc2Lx9Rb5Vn1Kd8P';

function signed(fields: Partial<OrderReceipt> = {}, { secret = SECRET, at = new Date() } = {}): OrderReceipt {
  const unsigned = { order_id: ORDER, amount: '30.00', currency: 'EUR', coin: 'BTC', coin_amount: '0.00047600', status: 'successful' as const, timestamp: Math.floor(at.getTime() / 1000), signature: '', ...fields };
  return { ...unsigned, signature: new Webhook(secret).sign(unsigned.order_id, at, orderReceiptPayload(unsigned)) };
}

describe('the signed receipt of order-completed', () => {
  it('the payload is the six fields in the documented key order, the same string the platform signs', () => {
    const receipt = signed();
    expect(orderReceiptPayload(receipt)).toBe(`{"order_id":"${ORDER}","amount":"30.00","currency":"EUR","coin":"BTC","coin_amount":"0.00047600","status":"successful"}`);
    expect(orderReceiptPayload(receipt)).toBe(platformPayload(receipt));
  });

  it('a receipt signed with the webhook secret for the order the page saw created verifies', () => {
    const receipt = signed();
    expect(verifyOrderReceipt(receipt, ORDER, SECRET)).toEqual({ ok: true, receipt });
  });

  it.each([
    { case: 'signed with another secret', receipt: () => signed({}, { secret: OTHER }), reason: 'The receipt signature did not verify.' },
    { case: 'with more coins than were signed', receipt: () => ({ ...signed(), coin_amount: '1.00000000' }), reason: 'The receipt signature did not verify.' },
    { case: 'signed an hour ago (a replay)', receipt: () => signed({}, { at: new Date(Date.now() - 3_600_000) }), reason: 'The receipt signature did not verify.' },
    { case: 'for another order', receipt: () => signed({ order_id: 'chk_BBBBBBBBBBBBBBBBBBBBBB' }), reason: 'This receipt is for another order.' },
    { case: 'not a receipt at all', receipt: () => ({ order_id: ORDER }), reason: 'This is not an order receipt.' },
    { case: 'a status no order receipt has', receipt: () => signed({ status: 'settled' as never }), reason: 'This is not an order receipt.' },
  ])('a receipt $case is refused', ({ receipt, reason }) => {
    expect(verifyOrderReceipt(receipt(), ORDER, SECRET)).toEqual({ ok: false, reason });
  });
});
