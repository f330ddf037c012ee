import { describe, expect, it } from 'vitest';
import {
  CHANNEL_PATTERN,
  CHECKOUT_EVENTS,
  isInitMessage,
  isOnChannel,
  isPortMessage,
  paramsProblem,
  orderReceiptPayload,
  receiptPayload,
} from './protocol.ts';
import type { OrderReceipt, PaymentReceipt, PortEventMap, PortEventName } from './protocol.ts';

const CH = '3735928559-305419896-2882400018-1234567';
const OTHER_CH = '1-2-3-4';

const RECEIPT: PaymentReceipt = {
  transaction_id: 'tx_8f2a',
  amount: '25.00',
  currency: 'EUR',
  status: 'settled',
  timestamp: 1_767_225_600,
  signature: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
};

const ORDER_RECEIPT: OrderReceipt = {
  order_id: 'chk_Qm4Tz8Wc2Lx9Rb5Vn1Kd8P',
  amount: '100.00',
  currency: 'EUR',
  coin: 'BTC',
  coin_amount: '0.00159917',
  status: 'successful',
  timestamp: 1_767_225_600,
  signature: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
};

const VALID: { [K in PortEventName]: PortEventMap[K] } = {
  ready: {},
  'payment-detected': { transaction_id: 'tx_8f2a', amount: '0.00041000', currency: 'BTC' },
  'payment-success': { receipt: RECEIPT },
  'payment-failed': { reason: 'expired', transaction_id: 'tx_8f2a' },
  redirect: { url: 'https://shop.example/thanks?order=42' },
  close: {},
  error: { code: 'merchant_not_recognized', message: 'Merchant not recognized!' },
  resize: { height: 640 },
  'order-created': { order_id: ORDER_RECEIPT.order_id, amount: '100.00', currency: 'EUR', coin: 'BTC' },
  'payment-authorized': { order_id: ORDER_RECEIPT.order_id },
  'order-completed': { order_id: ORDER_RECEIPT.order_id, receipt: ORDER_RECEIPT },
  'order-failed': { order_id: ORDER_RECEIPT.order_id, reason: 'expired' },
};

const envelope = (type: string, data: unknown, ch = CH) => ({ v: 1, ch, type, data });

describe('port messages: every event type is accepted when well formed', () => {
  it.each(Object.entries(VALID))('%s', (type, data) => {
    expect(isPortMessage(envelope(type, data), CH)).toBe(true);
  });

  it('every merchant event is a port event', () => {
    for (const name of CHECKOUT_EVENTS) expect(Object.keys(VALID)).toContain(name);
  });

  it('payment-failed without a transaction id is accepted (the id is optional)', () => {
    expect(isPortMessage(envelope('payment-failed', { reason: 'paid_late' }), CH)).toBe(true);
  });

  it('an unknown extra field is ignored, so a newer checkout can talk to an SRI-pinned older SDK', () => {
    expect(isPortMessage(envelope('payment-detected', { ...VALID['payment-detected'], confirmations: 1 }), CH)).toBe(true);
  });
});

describe('port messages: each wrong field is rejected', () => {
  const cases: [string, unknown][] = [
    ['a version other than 1', { ...envelope('close', {}), v: 2 }],
    ['a missing version', { ch: CH, type: 'close', data: {} }],
    ['another channel', envelope('close', {}, OTHER_CH)],
    ['a channel that is not the pattern', envelope('close', {}, 'abc')],
    ['an unknown type', envelope('payment-refunded', {})],
    ['a type named after an Object.prototype member', envelope('toString', {})],
    ['data that is not an object', envelope('close', 'bye')],
    ['data that is an array', envelope('close', [])],
    ['no data', { v: 1, ch: CH, type: 'close' }],
    ['null', null],
    ['a string', 'payment-success'],
    ['payment-detected with an amount as a number', envelope('payment-detected', { ...VALID['payment-detected'], amount: 0.00041 })],
    ['payment-detected with 9 decimals', envelope('payment-detected', { ...VALID['payment-detected'], amount: '0.000410001' })],
    ['payment-detected with a negative amount', envelope('payment-detected', { ...VALID['payment-detected'], amount: '-1' })],
    ['payment-detected with a lowercase currency', envelope('payment-detected', { ...VALID['payment-detected'], currency: 'btc' })],
    ['payment-detected without a transaction id', envelope('payment-detected', { amount: '1', currency: 'BTC' })],
    ['payment-detected with a transaction id holding markup', envelope('payment-detected', { ...VALID['payment-detected'], transaction_id: '<img>' })],
    ['payment-success without a receipt', envelope('payment-success', {})],
    ['order-created without an order id', envelope('order-created', { amount: '100.00', currency: 'EUR', coin: 'BTC' })],
    ['order-created with an amount as a number', envelope('order-created', { ...VALID['order-created'], amount: 100 })],
    ['order-completed with a receipt missing its coin amount', envelope('order-completed', { order_id: ORDER_RECEIPT.order_id, receipt: { ...ORDER_RECEIPT, coin_amount: undefined } })],
    ['order-completed with an unsigned receipt', envelope('order-completed', { order_id: ORDER_RECEIPT.order_id, receipt: { ...ORDER_RECEIPT, signature: '' } })],
    ['order-failed with an unknown reason', envelope('order-failed', { order_id: ORDER_RECEIPT.order_id, reason: 'declined' })],
    ['payment-authorized with an order id holding markup', envelope('payment-authorized', { order_id: '<b>' })],
    ['a receipt with status new', envelope('payment-success', { receipt: { ...RECEIPT, status: 'new' } })],
    ['a receipt with a string timestamp', envelope('payment-success', { receipt: { ...RECEIPT, timestamp: '1767225600' } })],
    ['a receipt with a fractional timestamp', envelope('payment-success', { receipt: { ...RECEIPT, timestamp: 1.5 } })],
    ['a receipt with a v2 signature', envelope('payment-success', { receipt: { ...RECEIPT, signature: 'v2,abc=' } })],
    ['a receipt with an empty signature', envelope('payment-success', { receipt: { ...RECEIPT, signature: '' } })],
    ['a receipt with an amount as a number', envelope('payment-success', { receipt: { ...RECEIPT, amount: 25 } })],
    ['a receipt without a currency', envelope('payment-success', { receipt: { ...RECEIPT, currency: undefined } })],
    ['a receipt without a transaction id', envelope('payment-success', { receipt: { ...RECEIPT, transaction_id: undefined } })],
    ['payment-failed with an unknown reason', envelope('payment-failed', { reason: 'declined' })],
    ['payment-failed with a bad transaction id', envelope('payment-failed', { reason: 'expired', transaction_id: 'a b' })],
    ['redirect to javascript:', envelope('redirect', { url: 'javascript:alert(1)' })],
    ['redirect to a relative path', envelope('redirect', { url: '/thanks' })],
    ['redirect with whitespace', envelope('redirect', { url: 'https://shop.example/a b' })],
    ['redirect without a url', envelope('redirect', {})],
    ['error with a code in capitals', envelope('error', { code: 'TIMEOUT', message: 'x' })],
    ['error without a message', envelope('error', { code: 'timeout' })],
    ['error with an empty message', envelope('error', { code: 'timeout', message: '' })],
    ['resize with a negative height', envelope('resize', { height: -1 })],
    ['resize with a fractional height', envelope('resize', { height: 10.5 })],
    ['resize with a height as a string', envelope('resize', { height: '640px' })],
    ['resize with a huge height', envelope('resize', { height: 1e9 })],
  ];
  it.each(cases)('%s', (_, message) => {
    expect(isPortMessage(message, CH)).toBe(false);
  });
});

describe('the envelope pay.js checks', () => {
  it.each([
    ['accepts its version on its channel', envelope('anything', {}), true],
    ['rejects another channel', envelope('close', {}, OTHER_CH), false],
    ['rejects another version', { ...envelope('close', {}), v: 2 }, false],
    ['rejects null', null, false],
    ['rejects a string', CH, false],
  ])('%s', (_, message, expected) => {
    expect(isOnChannel(message, CH)).toBe(expected);
  });
});

describe('init', () => {
  const init = { v: 1, ch: CH, type: 'init', data: { mode: 'overlay', merchantId: 'mch_demo_verdant', amount: '25.00' } };
  it.each([
    ['a well-formed init is accepted', init, true],
    ['an init with malformed params is still accepted, so the checkout can say what is wrong', { ...init, data: { amount: 25 } }, true],
    ['another version is rejected', { ...init, v: 2 }, false],
    ['a bad channel is rejected', { ...init, ch: 'short' }, false],
    ['data that is not an object is rejected', { ...init, data: 'x' }, false],
    ['another type is rejected', { ...init, type: 'ready' }, false],
  ])('%s', (_, message, expected) => {
    expect(isInitMessage(message)).toBe(expected);
  });
});

describe('merchant params: the checkout names the first problem', () => {
  it.each([
    ['a merchant id and an amount are fine', { merchantId: 'mch_demo_verdant', amount: '25.00', currency: 'EUR' }, null],
    ['a transaction token alone is fine', { token: 'tt_9c1d' }, null],
    ['empty strings count as absent', { merchantId: 'mch_demo_verdant', product: '', orderId: '' }, null],
    ['neither merchant id nor token', { amount: '25.00' }, 'merchantId (or token) is required'],
    ['an amount as a number', { merchantId: 'm', amount: 25 }, 'amount must be a decimal string like "25.00" (never a number), got 25'],
    ['an amount with a comma', { merchantId: 'm', amount: '25,00' }, 'amount must be a decimal string like "25.00" (never a number), got "25,00"'],
    ['a lowercase currency', { merchantId: 'm', currency: 'eur' }, 'currency must be a currency code like "EUR", got "eur"'],
    ['an unknown mode', { merchantId: 'm', mode: 'popup' }, 'mode must be "overlay" or "inline", got "popup"'],
    ['a locale that is not a language code', { merchantId: 'm', lang: 'english' }, 'locale must be a language code like "en", got "english"'],
    ['a product longer than 200 characters', { merchantId: 'm', product: 'x'.repeat(201) }, `product must be text of 1 to 200 characters, got "${'x'.repeat(201)}"`],
    ['not an object', 'mch_demo', 'the options must be an object'],
  ])('%s', (_, params, expected) => {
    expect(paramsProblem(params)).toBe(expected);
  });
});

describe('channel ids', () => {
  it.each([
    ['four 32-bit words', '4294967295-0-17-99', true],
    ['more words', '1-2-3-4-5-6', true],
    ['three words (12 bytes) are too few', '1-2-3', false],
    ['hex is not the format', 'deadbeef-1-2-3', false],
  ])('%s', (_, channel, expected) => {
    expect(CHANNEL_PATTERN.test(channel)).toBe(expected);
  });
});

describe('receipt payload', () => {
  it('covers the receipt fields in a fixed order, whatever order the object has', () => {
    const shuffled = { signature: RECEIPT.signature, status: 'settled', currency: 'EUR', timestamp: 1, amount: '25.00', transaction_id: 'tx_8f2a' } as const;
    expect(receiptPayload(shuffled)).toBe('{"transaction_id":"tx_8f2a","amount":"25.00","currency":"EUR","status":"settled"}');
  });
});

describe('the buy widget', () => {
  it('order-completed without a receipt is accepted (opened without a merchantId: nobody could verify one)', () => {
    expect(isPortMessage(envelope('order-completed', { order_id: ORDER_RECEIPT.order_id }), CH)).toBe(true);
  });

  it('the order receipt payload is its six fields in the documented order', () => {
    expect(orderReceiptPayload(ORDER_RECEIPT)).toBe('{"order_id":"chk_Qm4Tz8Wc2Lx9Rb5Vn1Kd8P","amount":"100.00","currency":"EUR","coin":"BTC","coin_amount":"0.00159917","status":"successful"}');
  });

  it.each([
    ['coin, fiat, amount and address, no merchant', { coin: 'BTC', fiat: 'EUR', amount: '100.00', address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' }, null],
    ['with a merchant and the script tag\'s empty attributes', { coin: 'ETH', merchantId: 'mch_demo_verdant', address: '', label: 'Buy' }, null],
    ['an amount as a number', { coin: 'BTC', amount: 100 }, 'amount must be a decimal string like "25.00" (never a number), got 100'],
    ['a lowercase coin', { coin: 'btc' }, 'coin must be a coin code like "BTC", got "btc"'],
    ['a fiat that is not a code', { coin: 'BTC', fiat: 'euros' }, 'fiat must be a currency code like "EUR", got "euros"'],
    ['an address with spaces', { coin: 'BTC', address: 'bc1 q' }, 'address must be the buyer\'s address for the coin, like "bc1q...", got "bc1 q"'],
  ])('buy params: %s', (_, params, problem) => {
    expect(paramsProblem(params, 'buy')).toBe(problem);
  });

  it('the payment widget still needs a merchant or a token', () => {
    expect(paramsProblem({ coin: 'BTC' })).toBe('merchantId (or token) is required');
  });
});
