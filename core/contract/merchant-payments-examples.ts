// The example payments of the merchant API's reference (merchant-payments.ts docs), kept apart so the
// endpoint file reads as the contract. Checked against the answer schemas by endpoints.test.ts.

import type { PricedTransactionAnswer, TransactionStatusAnswer, UnpricedTransactionAnswer } from './payment-answers.ts';

export const EXAMPLE_TOKEN = 'pay_Q2hlY2tvdXRFeGFtcGxlMQ';
const ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';

const common = {
  transaction_token: EXAMPLE_TOKEN,
  currency_1_tag: null,
  amount: '120.00',
  currency: 'EUR',
  product: 'Garden rake',
  status: 'new',
  test_mode: true,
  test_network: true,
  return_url: 'https://shop.example.com/thanks',
  order_id: 'order-17',
} as const;

export const EXAMPLE_PRICED: PricedTransactionAnswer = {
  ...common,
  rate: '87123.45',
  expires_at: '2026-11-23T10:15:00.000Z',
  currency_1_iso: 'BTC',
  currency_1_address: ADDRESS,
  currency_1_amount: '0.00137737',
  payment_uri: `bitcoin:${ADDRESS}?amount=0.00137737`,
  qr: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
  top_up: null,
  currency_options: null,
};

/** The same payment as the create answers it: its QR code as a link to the image rather than the image. */
export const EXAMPLE_CREATED: PricedTransactionAnswer = {
  ...EXAMPLE_PRICED,
  qr: `https://pay.example.com/mapi/api/transaction/qr?merchant_id=mch_demo_verdant&transaction_id=${EXAMPLE_TOKEN}`,
};

export const EXAMPLE_UNPRICED: UnpricedTransactionAnswer = {
  ...common,
  amount: '75.50',
  currency: 'GBP',
  product: 'Seed box',
  order_id: 'web-42',
  rate: null,
  expires_at: '2026-11-23T11:00:00.000Z',
  currency_1_iso: null,
  currency_1_address: null,
  currency_1_amount: null,
  payment_uri: null,
  qr: null,
  top_up: null,
  currency_options: [
    { iso: 'BTC', name: 'Bitcoin', amount: '0.00101470' },
    { iso: 'ETH', name: 'Ethereum', amount: '0.02891040' },
  ],
};

export const EXAMPLE_STATUS: TransactionStatusAnswer = {
  transaction_token: EXAMPLE_TOKEN,
  status: 'new',
  exception: null,
  currency_1_iso: 'BTC',
  currency_1_amount: '0.00137737',
  currency_1_paid: '0.00000000',
  currency_1_confirmed: '0.00000000',
  amount: '120.00',
  currency: 'EUR',
  confirmations: 0,
  required_confirmations: 2,
  expires_at: '2026-11-23T10:15:00.000Z',
  settled_at: null,
};
